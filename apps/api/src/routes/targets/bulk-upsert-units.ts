import { ZUnitsBulkResult, ZUnitsBulkUpsert } from '@panel/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monthlyTargetUnits } from '../../db/schema/targets.ts';
import { errors } from '../schemas.ts';
import { assertSeller, assertSupplierAndBrand } from './target-owner.ts';
import { toUnitsDto, unitsColumns } from './units-dto.ts';

const t = monthlyTargetUnits;

export const bulkUpsertUnitsRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/units/bulk-upsert',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['metas'],
        summary: 'Guardar las unidades pretendidas de un año',
        description:
          'Todos los meses en una transacción: un ítem inválido rechaza el pedido entero y no se escribe nada. ' +
          '`units: null` borra el mes.',
        body: ZUnitsBulkUpsert,
        response: { 200: ZUnitsBulkResult, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const body = request.body;
      const now = sql`${app.now().toISOString()}::timestamptz`;
      const filled = body.items.filter((i) => i.units !== null);
      const cleared = body.items.filter((i) => i.units === null).map((i) => i.month);
      const pair = and(
        eq(t.userId, body.user_id),
        eq(t.supplierId, body.supplier_id),
        eq(t.brandId, body.brand_id),
        eq(t.year, body.year),
      );

      const items = await app.db.transaction(async (tx) => {
        await assertSeller(tx, body.user_id);
        await assertSupplierAndBrand(tx, body.supplier_id, body.brand_id);
        if (cleared.length > 0) await tx.delete(t).where(and(pair, inArray(t.month, cleared)));
        if (filled.length > 0) {
          await tx
            .insert(t)
            .values(
              filled.map((i) => ({
                userId: body.user_id,
                supplierId: body.supplier_id,
                brandId: body.brand_id,
                year: body.year,
                month: i.month,
                units: i.units,
              })),
            )
            .onConflictDoUpdate({
              target: [t.userId, t.supplierId, t.brandId, t.year, t.month],
              set: { units: sql`excluded.units`, updatedAt: now },
            });
        }
        return tx.select(unitsColumns).from(t).where(pair).orderBy(asc(t.month));
      });
      return { data: { saved: filled.length, cleared: cleared.length, items: items.map(toUnitsDto) } };
    },
  );
};
