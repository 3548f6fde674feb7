import { hhmmOf, minutesOfDay, type TQuietHours } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sellerQuietHours } from '../../db/schema/push.ts';

/** A seller's "No molestar" window, null when off. */
export async function readQuietHours(db: Db, userId: number): Promise<TQuietHours | null> {
  const [row] = await db
    .select({ start: sellerQuietHours.startMinute, end: sellerQuietHours.endMinute })
    .from(sellerQuietHours)
    .where(eq(sellerQuietHours.userId, userId));
  return row ? { start: hhmmOf(row.start), end: hhmmOf(row.end) } : null;
}

/** Sets a seller's "No molestar" window (null: off) and answers it as read back. */
export async function saveQuietHours(
  db: Db,
  userId: number,
  window: TQuietHours | null,
  now: Date,
): Promise<TQuietHours | null> {
  if (window === null) {
    await db.delete(sellerQuietHours).where(eq(sellerQuietHours.userId, userId));
  } else {
    const values = { startMinute: minutesOfDay(window.start), endMinute: minutesOfDay(window.end) };
    await db
      .insert(sellerQuietHours)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: sellerQuietHours.userId, set: { ...values, updatedAt: now } });
  }
  return readQuietHours(db, userId);
}
