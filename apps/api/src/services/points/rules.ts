import { addDays, isoDay, localDay, monthRange, startOfLocalDay } from '../../lib/business-time.ts';

/**
 * The points engine's rules as pure functions (docs/product.md#points-engine), shared by award() (with the
 * history read from the ledger), the demo seed (with the history kept in memory) and the tests.
 */

/** `not_seller`: administrators using the community app earn nothing (they are not ranked). */
export type AwardRejection = 'missing' | 'inactive' | 'daily_limit' | 'cooldown' | 'duplicate' | 'not_seller';

export interface ActionRule {
  active: boolean;
  dailyLimit: number | null;
  cooldownSeconds: number | null;
}

/** What the ledger says about one user and one action at the moment of an award. */
export interface AwardHistory {
  /** Awards of the action to the user during the business day of `now`. */
  awardsToday: number;
  /** The user's latest award of the action, at any time. */
  lastAwardAt: Date | null;
  /** An award for the same (user, action, reference) already exists. */
  referenceAwarded: boolean;
}

/** null when the award may be written; otherwise the first rule that refuses it, in the order of docs/product.md#points-engine. */
export function checkAward(
  action: ActionRule | null,
  history: AwardHistory,
  now: Date,
): AwardRejection | null {
  if (!action) return 'missing';
  if (!action.active) return 'inactive';
  if (action.dailyLimit !== null && history.awardsToday >= action.dailyLimit) return 'daily_limit';
  if (
    action.cooldownSeconds !== null &&
    history.lastAwardAt !== null &&
    now.getTime() - history.lastAwardAt.getTime() < action.cooldownSeconds * 1000
  ) {
    return 'cooldown';
  }
  if (history.referenceAwarded) return 'duplicate';
  return null;
}

/** The business date of an instant, "YYYY-MM-DD" (daily_login's reference). */
export function businessDate(now: Date, timeZone: string): string {
  return isoDay(localDay(now, timeZone));
}

/** [start, end) of the business day that contains `now`, as UTC instants. */
export function businessDayBounds(now: Date, timeZone: string): { start: Date; end: Date } {
  const today = localDay(now, timeZone);
  return { start: startOfLocalDay(today, timeZone), end: startOfLocalDay(addDays(today, 1), timeZone) };
}

/** [start, end) of the calendar month (business time zone) that contains `now`, as UTC instants. */
export function businessMonthBounds(now: Date, timeZone: string): { start: Date; end: Date } {
  const { from, to } = monthRange(now, timeZone);
  return { start: from, end: to };
}
