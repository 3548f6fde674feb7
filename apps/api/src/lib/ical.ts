import { offsetAt, wallClock } from './business-time.ts';

/**
 * iCalendar (RFC 5545) for one event: the community app's "add to my calendar". Times are
 * written in the business time zone (APP_TIMEZONE) with its VTIMEZONE, made from the zone's
 * real offsets (Intl), so a calendar shows the event at the same wall-clock time as the panel.
 */

/** TEXT escaping (§3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (§3.1) without cutting a UTF-8 character in two. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = out.length === 0 ? 75 : 74; // a continuation line starts with a space
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The wall-clock time of an instant in the zone, as DATE-TIME without Z. */
export function localStamp(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${pad(w.year, 4)}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
}

function formatOffset(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  const total = Math.round(Math.abs(ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${sign}${pad(h)}${pad(m)}${s ? pad(s) : ''}`;
}

const DAY_MS = 86_400_000;

/**
 * At most this many days of the zone are searched for offset changes at each end of an event: with
 * events bounded to a year at the door (EVENT_MAX_DAYS) one window covers every event, and a row
 * from before that bound (year 1 to 9999 took 13.5 s) costs two windows, never its whole span.
 */
export const SCAN_WINDOW_DAYS = 400;

/**
 * The instants in [from, to) where the zone's offset changes, to the second. One probe a day, so the
 * span is capped (SCAN_WINDOW_DAYS): a longer one is a programming error, not a slow answer.
 */
export function offsetTransitions(timeZone: string, from: Date, to: Date) {
  if (to.getTime() - from.getTime() > SCAN_WINDOW_DAYS * DAY_MS) {
    throw new RangeError(`offsetTransitions: más de ${SCAN_WINDOW_DAYS} días`);
  }
  const found: { at: Date; before: number; after: number }[] = [];
  let t = from.getTime();
  let offset = offsetAt(new Date(t), timeZone);
  while (t < to.getTime()) {
    const next = Math.min(t + DAY_MS, to.getTime());
    const nextOffset = offsetAt(new Date(next), timeZone);
    if (nextOffset !== offset) {
      let lo = t;
      let hi = next;
      while (hi - lo > 1000) {
        const mid = Math.floor((lo + hi) / 2000) * 1000;
        if (offsetAt(new Date(mid), timeZone) === offset) lo = mid;
        else hi = mid;
      }
      found.push({ at: new Date(hi), before: offset, after: nextOffset });
      offset = nextOffset;
    }
    t = next;
  }
  return found;
}

function observance(before: number, after: number, onsetUtc: number): string[] {
  const kind = after > before ? 'DAYLIGHT' : 'STANDARD';
  // The onset in the local time in force before it (§3.6.5).
  const stamp = utcStamp(new Date(onsetUtc + before)).replace('Z', '');
  return [
    `BEGIN:${kind}`,
    `DTSTART:${stamp}`,
    `TZOFFSETFROM:${formatOffset(before)}`,
    `TZOFFSETTO:${formatOffset(after)}`,
    `END:${kind}`,
  ];
}

/**
 * The VTIMEZONE of an event: the observance in force at its start and the zone's offset changes
 * while it lasts, nothing before or after (issue 20, item 3). Spans longer than two scan windows
 * (only rows older than the date bounds) get the changes near each end, and an observance that
 * restates the offset where the second window begins, so both ends still read right.
 */
export function vtimezone(timeZone: string, from: Date, to: Date): string[] {
  const windowMs = SCAN_WINDOW_DAYS * DAY_MS;
  const start = from.getTime();
  const end = Math.max(start, to.getTime());
  const windows =
    end - start <= 2 * windowMs
      ? [[start, end]]
      : [
          [start, start + windowMs],
          [end - windowMs, end],
        ];
  const base = offsetAt(from, timeZone);
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    'BEGIN:STANDARD',
    `DTSTART:${localStamp(from, timeZone)}`,
    `TZOFFSETFROM:${formatOffset(base)}`,
    `TZOFFSETTO:${formatOffset(base)}`,
    'END:STANDARD',
  ];
  let current = base;
  for (const [windowStart, windowEnd] of windows as [number, number][]) {
    const opening = offsetAt(new Date(windowStart), timeZone);
    if (opening !== current) lines.push(...observance(current, opening, windowStart));
    for (const change of offsetTransitions(timeZone, new Date(windowStart), new Date(windowEnd))) {
      lines.push(...observance(change.before, change.after, change.at.getTime()));
    }
    current = offsetAt(new Date(windowEnd), timeZone);
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

export interface CalendarEvent {
  uid: string;
  title: string;
  description: string | null;
  category: string | null;
  startAt: Date;
  endAt: Date;
  url?: string;
}

/** A whole VCALENDAR with one VEVENT, CRLF line ends, folded. */
export function eventCalendar(event: CalendarEvent, timeZone: string, now: Date): string {
  const tzid = /[;:,"]/.test(timeZone) ? `"${timeZone.replace(/"/g, '')}"` : timeZone;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Panel de Administracion//Comunidad//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...vtimezone(timeZone, event.startAt, event.endAt),
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=${tzid}:${localStamp(event.startAt, timeZone)}`,
    `DTEND;TZID=${tzid}:${localStamp(event.endAt, timeZone)}`,
    `SUMMARY:${escapeText(event.title)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.category) lines.push(`CATEGORIES:${escapeText(event.category)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
