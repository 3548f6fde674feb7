import type { TVolume, ZVolumesBulkUpsert, ZVolumeUpsert } from '@panel/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { monthlyVolumes } from '../../db/schema/targets.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { assertSeller } from './target-owner.ts';

export const volumeColumns = {
  id: monthlyVolumes.id,
  userId: monthlyVolumes.userId,
  year: monthlyVolumes.year,
  month: monthlyVolumes.month,
  targetAmount: monthlyVolumes.targetAmount,
  createdAt: monthlyVolumes.createdAt,
  updatedAt: monthlyVolumes.updatedAt,
};

type VolumeRow = {
  id: number;
  userId: number;
  year: number;
  month: number;
  /** numeric(14,2) arrives as text: exact, and within a double's exact range. */
  targetAmount: string;
  createdAt: Date;
  updatedAt: Date;
};

export function toVolumeDto(row: VolumeRow): TVolume {
  return {
    id: row.id,
    user_id: row.userId,
    year: row.year,
    month: row.month,
    target_amount: Number(row.targetAmount),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Creates or replaces one month's volume of a seller (400 on `user_id` for anyone else, or a seller out of
 * `actor`'s scope), in volumeColumns.
 */
export async function upsertVolume(db: Db, body: z.infer<typeof ZVolumeUpsert>, now: Date, actor: Actor) {
  await assertSeller(db, body.user_id, actor);
  const amount = body.target_amount.toFixed(2);
  const [row] = await db
    .insert(monthlyVolumes)
    .values({ userId: body.user_id, year: body.year, month: body.month, targetAmount: amount })
    .onConflictDoUpdate({
      target: [monthlyVolumes.userId, monthlyVolumes.year, monthlyVolumes.month],
      set: { targetAmount: amount, updatedAt: sql`${now.toISOString()}::timestamptz` },
    })
    .returning(volumeColumns);
  return row!;
}

const v = monthlyVolumes;

/** Who writes: a branch manager only for the sellers of their branch (services/auth/branch-scope.ts). */
type Actor = Pick<SessionUser, 'role' | 'branch_id'>;

/**
 * A year of a seller's volumes in one transaction, so a crash or an error never leaves half a year:
 * `target_amount: null` deletes the month. The year's rows after it, in volumeColumns, by month.
 */
export async function saveVolumesYear(
  db: Db,
  body: z.infer<typeof ZVolumesBulkUpsert>,
  now: Date,
  actor: Actor,
) {
  const updatedAt = sql`${now.toISOString()}::timestamptz`;
  const filled = body.items.filter((i) => i.target_amount !== null);
  const cleared = body.items.filter((i) => i.target_amount === null).map((i) => i.month);
  const year = and(eq(v.userId, body.user_id), eq(v.year, body.year));

  const items = await db.transaction(async (tx) => {
    await assertSeller(tx, body.user_id, actor);
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
          set: { targetAmount: sql`excluded.target_amount`, updatedAt },
        });
    }
    return tx.select(volumeColumns).from(v).where(year).orderBy(asc(v.month));
  });
  return { saved: filled.length, cleared: cleared.length, items };
}
