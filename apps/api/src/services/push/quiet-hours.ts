import { addDays, localDay, offsetAt, wallClock } from '../../lib/business-time.ts';

/**
 * "No molestar" arithmetic (issue 23.6). A window is two wall-clock times of the business time zone
 * (APP_TIMEZONE), in minutes after midnight: [start, end), and when start > end it crosses midnight
 * (22:00–08:00 is 22:00 to 24:00 and 00:00 to 08:00). A push due inside a window waits until the
 * window's end; one due outside it, or exactly at its end, goes at once.
 */
export interface QuietWindow {
  /** Minutes after midnight, 0–1439. */
  start: number;
  end: number;
}

const MINUTE_MS = 60_000;

/** Whether minute-of-day `m` lies in the window. */
export function inWindow(m: number, w: QuietWindow): boolean {
  if (w.start === w.end) return false;
  return w.start < w.end ? m >= w.start && m < w.end : m >= w.start || m < w.end;
}

/**
 * The instant a local day's `minute` happens in the zone. A time skipped by a clock change (DST) is
 * moved forward by the gap, as Temporal's "compatible" does (02:30 on a 02:00→03:00 night is 03:30);
 * one that happens twice is the first of them.
 */
export function atLocalMinute(
  day: { year: number; month: number; day: number },
  minute: number,
  timeZone: string,
) {
  const asUtc = Date.UTC(day.year, day.month - 1, day.day, Math.floor(minute / 60), minute % 60);
  // The zone's offset is near-constant around the wanted time: try the ones in force 14 h either side.
  const candidates = [-14, 0, 14]
    .map((h) => asUtc - offsetAt(new Date(asUtc + h * 3_600_000), timeZone))
    .sort((a, b) => a - b);
  for (const candidate of candidates) {
    const w = wallClock(new Date(candidate), timeZone);
    if (
      w.year === day.year &&
      w.month === day.month &&
      w.day === day.day &&
      w.hour * 60 + w.minute === minute
    ) {
      return new Date(candidate);
    }
  }
  // Skipped by a jump forward: read with the offset before the jump (the latest candidate).
  return new Date(Math.max(...candidates));
}

/**
 * When a push due at `due` may go for a seller with window `w`: null when it may go at `due`, else
 * the window's end (the same local day, or the next one when the window crossed midnight and
 * `due` is before it).
 */
export function quietUntil(due: Date, w: QuietWindow, timeZone: string): Date | null {
  const clock = wallClock(due, timeZone);
  const m = clock.hour * 60 + clock.minute;
  if (!inWindow(m, w)) return null;
  const today = localDay(due, timeZone);
  const endsTomorrow = w.start > w.end && m >= w.start;
  const end = atLocalMinute(endsTomorrow ? addDays(today, 1) : today, w.end, timeZone);
  // Never earlier than due (a clock turned back could put the end's first occurrence before it).
  return end.getTime() > due.getTime() ? end : new Date(due.getTime() + MINUTE_MS);
}

/** `due`, or the end of the seller's window when `due` falls in it (no window: `due`). */
export function quietRunAt(due: Date, w: QuietWindow | null, timeZone: string): Date {
  return (w && quietUntil(due, w, timeZone)) ?? due;
}
