/**
 * The points engine's rules as pure functions (DECISIONS §4), shared by award() (with the
 * history read from the ledger), the demo seed (with the history kept in memory) and the tests.
 */

export type AwardRejection = 'missing' | 'inactive' | 'daily_limit' | 'cooldown' | 'duplicate';

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

/** null when the award may be written; otherwise the first rule that refuses it, in the order of DECISIONS §4. */
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

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = dateFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateFormatters.set(timeZone, f);
  }
  return f;
}

function wallClock(instant: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instant))
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/** Milliseconds the zone is ahead of UTC at that instant. */
function zoneOffset(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant of local midnight of a calendar date in the zone. */
function localMidnight(year: number, month: number, day: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - zoneOffset(guess, timeZone);
  // A second pass settles dates where the offset changes between the guess and the answer (DST).
  return guess - zoneOffset(first, timeZone);
}

/** The business date of an instant, "YYYY-MM-DD" (daily_login's reference). */
export function businessDate(now: Date, timeZone: string): string {
  const w = wallClock(now.getTime(), timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** [start, end) of the business day that contains `now`, as UTC instants. */
export function businessDayBounds(now: Date, timeZone: string): { start: Date; end: Date } {
  const w = wallClock(now.getTime(), timeZone);
  const start = localMidnight(w.year, w.month, w.day, timeZone);
  const next = new Date(Date.UTC(w.year, w.month - 1, w.day + 1));
  const end = localMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone);
  return { start: new Date(start), end: new Date(end) };
}

/** [start, end) of the calendar month (business time zone) that contains `now`, as UTC instants. */
export function businessMonthBounds(now: Date, timeZone: string): { start: Date; end: Date } {
  const w = wallClock(now.getTime(), timeZone);
  const next = w.month === 12 ? { year: w.year + 1, month: 1 } : { year: w.year, month: w.month + 1 };
  return {
    start: new Date(localMidnight(w.year, w.month, 1, timeZone)),
    end: new Date(localMidnight(next.year, next.month, 1, timeZone)),
  };
}
