import { ZVolumesBulkResult, ZVolumesBulkUpsert } from '@panel/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monthlyVolumes } from '../../db/schema/targets.ts';
import { errors } from '../schemas.ts';
import { assertSeller } from './target-owner.ts';
import { toVolumeDto, volumeColumns } from './volume-dto.ts';

const v = monthlyVolumes;

/** A year of volumes in one transaction, so a crash or an error never leaves half a year. */
export const bulkUpsertVolumesRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/volume/bulk-upsert',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['metas'],
        summary: 'Guardar los volúmenes ($) de un año',
        description:
          'Todos los meses en una transacción: un ítem inválido rechaza el pedido entero y no se escribe nada. ' +
          '`target_amount: null` borra el mes.',
        body: ZVolumesBulkUpsert,
        response: { 200: ZVolumesBulkResult, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const body = request.body;
      const now = sql`${app.now().toISOString()}::timestamptz`;
      const filled = body.items.filter((i) => i.target_amount !== null);
      const cleared = body.items.filter((i) => i.target_amount === null).map((i) => i.month);
      const year = and(eq(v.userId, body.user_id), eq(v.year, body.year));

      const items = await app.db.transaction(async (tx) => {
        await assertSeller(tx, body.user_id);
        if (cleared.length > 0) await tx.delete(v).where(and(year, inArray(v.month, cleared)));
        if (filled.length > 0) {
          await tx
            .insert(v)
            .values(
              filled.map((i) => ({
                userId: body.user_id,
                year: body.year,
                month: i.month,
                targetAmount: i.target_amount!.toFixed(2),
              })),
            )
            .onConflictDoUpdate({
              target: [v.userId, v.year, v.month],
              set: { targetAmount: sql`excluded.target_amount`, updatedAt: now },
            });
        }
        return tx.select(volumeColumns).from(v).where(year).orderBy(asc(v.month));
      });
      return { data: { saved: filled.length, cleared: cleared.length, items: items.map(toVolumeDto) } };
    },
  );
};
