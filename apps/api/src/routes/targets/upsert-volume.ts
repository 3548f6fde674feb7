import { makeItemResponse, ZVolume, ZVolumeUpsert } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monthlyVolumes } from '../../db/schema/targets.ts';
import { errors } from '../schemas.ts';
import { assertSeller } from './target-owner.ts';
import { toVolumeDto, volumeColumns } from './volume-dto.ts';

export const upsertVolumeRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/volume/upsert',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['metas'],
        summary: 'Guardar el volumen ($) de un mes',
        description: 'Una fila por vendedor, año y mes: crea o reemplaza el monto.',
        body: ZVolumeUpsert,
        response: { 200: makeItemResponse(ZVolume), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const body = request.body;
      await assertSeller(app.db, body.user_id);
      const amount = body.target_amount.toFixed(2);
      const [row] = await app.db
        .insert(monthlyVolumes)
        .values({ userId: body.user_id, year: body.year, month: body.month, targetAmount: amount })
        .onConflictDoUpdate({
          target: [monthlyVolumes.userId, monthlyVolumes.year, monthlyVolumes.month],
          set: { targetAmount: amount, updatedAt: sql`${app.now().toISOString()}::timestamptz` },
        })
        .returning(volumeColumns);
      return { data: toVolumeDto(row!) };
    },
  );
};
