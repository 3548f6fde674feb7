import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addDays, isoDay, localDay, startOfLocalDay } from '../../lib/business-time.ts';

/**
 * App visits (docs/product.md#participacion): a seller's call to the app notes the business day once.
 * The first call of a seller's day in this process writes one row (`ON CONFLICT DO NOTHING`: another
 * instance, or a restart, may have written it already); every other call of that day only looks the
 * seller up in a set kept for the day, which is dropped when the day ends.
 */
export class VisitNotes {
  private day = '';
  private from = 0;
  private to = 0;
  private noted = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
  ) {}

  /** Resolves at once when the seller was already noted today; else once the row is written. */
  note(userId: number, now: Date): Promise<void> | undefined {
    const t = now.getTime();
    if (t < this.from || t >= this.to) this.turnDay(now);
    if (this.noted.has(userId)) return undefined;
    this.noted.add(userId);
    return recordVisit(this.db, userId, this.day).catch((error: unknown) => {
      // Not noted after all: the next call tries again.
      this.noted.delete(userId);
      throw error;
    });
  }

  private turnDay(now: Date) {
    const today = localDay(now, this.timeZone);
    this.day = isoDay(today);
    this.from = startOfLocalDay(today, this.timeZone).getTime();
    this.to = startOfLocalDay(addDays(today, 1), this.timeZone).getTime();
    this.noted = new Set();
  }
}

/** One row per seller and business day; a second visit the same day changes nothing. */
export async function recordVisit(db: Db, userId: number, day: string): Promise<void> {
  await db.execute(
    sql`INSERT INTO app_visits (user_id, day) VALUES (${userId}, ${day}::date) ON CONFLICT DO NOTHING`,
  );
}
