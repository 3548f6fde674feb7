import type { TTargetUnits, ZUnitsBulkUpsert } from '@panel/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { monthlyTargetUnits } from '../../db/schema/targets.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { assertSeller, assertSupplierAndBrand } from './target-owner.ts';

export const unitsColumns = {
  id: monthlyTargetUnits.id,
  userId: monthlyTargetUnits.userId,
  supplierId: monthlyTargetUnits.supplierId,
  brandId: monthlyTargetUnits.brandId,
  year: monthlyTargetUnits.year,
  month: monthlyTargetUnits.month,
  units: monthlyTargetUnits.units,
  updatedAt: monthlyTargetUnits.updatedAt,
};

type UnitsRow = {
  id: number;
  userId: number;
  supplierId: number;
  brandId: number;
  year: number;
  month: number;
  units: number | null;
  updatedAt: Date;
};

export function toUnitsDto(row: UnitsRow): TTargetUnits {
  return {
    id: row.id,
    user_id: row.userId,
    supplier_id: row.supplierId,
    brand_id: row.brandId,
    year: row.year,
    month: row.month,
    units: row.units,
    updated_at: row.updatedAt.toISOString(),
  };
}

const t = monthlyTargetUnits;

/**
 * A year of a seller's units for one supplier and brand in one transaction (400 naming a missing
 * seller, supplier or brand; a seller out of `actor`'s scope is missing too): `units: null` deletes the
 * month. The year's rows after it, in unitsColumns, by month.
 */
export async function saveUnitsYear(
  db: Db,
  body: z.infer<typeof ZUnitsBulkUpsert>,
  now: Date,
  actor: Pick<SessionUser, 'role' | 'branch_id'>,
) {
  const updatedAt = sql`${now.toISOString()}::timestamptz`;
  const filled = body.items.filter((i) => i.units !== null);
  const cleared = body.items.filter((i) => i.units === null).map((i) => i.month);
  const pair = and(
    eq(t.userId, body.user_id),
    eq(t.supplierId, body.supplier_id),
    eq(t.brandId, body.brand_id),
    eq(t.year, body.year),
  );

  const items = await db.transaction(async (tx) => {
    await assertSeller(tx, body.user_id, actor);
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
          set: { units: sql`excluded.units`, updatedAt },
        });
    }
    return tx.select(unitsColumns).from(t).where(pair).orderBy(asc(t.month));
  });
  return { saved: filled.length, cleared: cleared.length, items };
}
