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

/** The instants in [from, to) where the zone's offset changes, to the second. */
export function offsetTransitions(timeZone: string, from: Date, to: Date) {
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

/** A VTIMEZONE valid from a year before `from` to a year after `to`. */
export function vtimezone(timeZone: string, from: Date, to: Date): string[] {
  const start = new Date(from.getTime() - 366 * DAY_MS);
  const end = new Date(to.getTime() + 366 * DAY_MS);
  const base = offsetAt(start, timeZone);
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    'BEGIN:STANDARD',
    `DTSTART:${localStamp(start, timeZone)}`,
    `TZOFFSETFROM:${formatOffset(base)}`,
    `TZOFFSETTO:${formatOffset(base)}`,
    'END:STANDARD',
  ];
  for (const change of offsetTransitions(timeZone, start, end)) {
    const kind = change.after > change.before ? 'DAYLIGHT' : 'STANDARD';
    // The onset in the local time in force before the change (§3.6.5).
    const onset = new Date(change.at.getTime() + change.before);
    const stamp = utcStamp(onset).replace('Z', '');
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${stamp}`,
      `TZOFFSETFROM:${formatOffset(change.before)}`,
      `TZOFFSETTO:${formatOffset(change.after)}`,
      `END:${kind}`,
    );
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
