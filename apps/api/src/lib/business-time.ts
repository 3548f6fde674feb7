import type { TLeaderboardPeriod } from '@panel/shared';

/**
 * Days, weeks and months of the business time zone (APP_TIMEZONE, docs/product.md#time), as UTC
 * instants the database compares `timestamptz` columns with. Weeks run Monday to Sunday.
 */

export interface LocalDay {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function wallClock(instant: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The calendar day an instant falls on in the time zone. */
export function localDay(instant: Date, timeZone: string): LocalDay {
  const { year, month, day } = wallClock(instant, timeZone);
  return { year, month, day };
}

/** Offset of the zone from UTC at an instant, in milliseconds (Buenos Aires: -3 h). */
export function offsetAt(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The first instant of a local day. Out-of-range days roll over (day 0 = the last of the
 * previous month). Where midnight does not exist (a DST jump), the first instant after it;
 * where it happens twice (clocks turned back at 01:00), the first time.
 */
export function startOfLocalDay(day: LocalDay, timeZone: string): Date {
  const guess = Date.UTC(day.year, day.month - 1, day.day);
  const wanted = new Date(guess);
  // Local midnight lies within 14 hours of `guess`, so the offsets in force a day either side
  // include the one at midnight, and the one before a transition that skipped midnight.
  const offsets = new Set([offsetAt(new Date(guess - DAY_MS), timeZone), offsetAt(wanted, timeZone)]);
  offsets.add(offsetAt(new Date(guess + DAY_MS), timeZone));
  let first: number | null = null;
  for (const offset of offsets) {
    const candidate = guess - offset;
    const w = wallClock(new Date(candidate), timeZone);
    const sameDay =
      w.year === wanted.getUTCFullYear() &&
      w.month === wanted.getUTCMonth() + 1 &&
      w.day === wanted.getUTCDate();
    if (sameDay && (first === null || candidate < first)) first = candidate;
  }
  return new Date(first ?? guess - offsetAt(wanted, timeZone));
}

/** "YYYY-MM-DD" of a local day. */
export function isoDay(day: LocalDay): string {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day));
  return d.toISOString().slice(0, 10);
}

export function parseIsoDay(text: string): LocalDay {
  const [year, month, day] = text.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
}

/** Calendar arithmetic on local days (no time zone involved). */
export function addDays(day: LocalDay, n: number): LocalDay {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + n));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: LocalDay): number {
  const wd = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
  return wd === 0 ? 7 : wd;
}

/** Half-open [from, to): null bounds for all_time. */
export interface InstantRange {
  from: Date | null;
  to: Date | null;
}

/** The calendar month that contains `now` in the time zone, as a half-open instant range. */
export function monthRange(now: Date, timeZone: string): { from: Date; to: Date } {
  const today = localDay(now, timeZone);
  const first = { year: today.year, month: today.month, day: 1 };
  const next =
    today.month === 12 ? { year: today.year + 1, month: 1, day: 1 } : { ...first, month: today.month + 1 };
  return { from: startOfLocalDay(first, timeZone), to: startOfLocalDay(next, timeZone) };
}

/** The current calendar month or week (Monday to Sunday) in the time zone, or all time. */
export function periodRange(period: TLeaderboardPeriod, now: Date, timeZone: string): InstantRange {
  if (period === 'all_time') return { from: null, to: null };
  if (period === 'monthly') return monthRange(now, timeZone);
  const today = localDay(now, timeZone);
  const monday = addDays(today, 1 - isoWeekday(today));
  return { from: startOfLocalDay(monday, timeZone), to: startOfLocalDay(addDays(monday, 7), timeZone) };
}

/** The last `n` local days ending today, oldest first, and the instant the first one starts. */
export function lastDays(n: number, now: Date, timeZone: string): { days: string[]; from: Date } {
  const today = localDay(now, timeZone);
  const first = addDays(today, 1 - n);
  const days = Array.from({ length: n }, (_, i) => isoDay(addDays(first, i)));
  return { days, from: startOfLocalDay(first, timeZone) };
}

/** Inclusive local days "from" and "to" as a half-open instant range. */
export function dayRange(from: string | undefined, to: string | undefined, timeZone: string): InstantRange {
  return {
    from: from ? startOfLocalDay(parseIsoDay(from), timeZone) : null,
    to: to ? startOfLocalDay(addDays(parseIsoDay(to), 1), timeZone) : null,
  };
}
