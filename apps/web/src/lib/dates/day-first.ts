import { dayjs } from './business-time';
import { businessTimeZone } from './time-zone';

/**
 * The panel's one way to type a date (docs/decisions/2026-11-26-date-input.md): day first, 24-hour
 * clock, as people in Argentina write it (`28/11/2026 09:30`), read as wall time in the business time
 * zone. Never month-first, never the browser's zone. Pure rules, so they are tested without a browser.
 */

/** What the date-time input shows and accepts back. */
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_PLACEHOLDER = 'dd/mm/aaaa hh:mm';
export const DATE_PLACEHOLDER = 'dd/mm/aaaa';

export const DATE_MSG = {
  format: 'Escribí la fecha como dd/mm/aaaa hh:mm, por ejemplo 28/11/2026 09:30',
  formatDay: 'Escribí la fecha como dd/mm/aaaa, por ejemplo 28/11/2026',
  missingTime: 'Falta la hora: escribila como dd/mm/aaaa hh:mm',
  time: 'La hora va de 00:00 a 23:59',
  noSuchDay: (text: string) => `El ${text} no existe`,
  before: (limit: string) => `La fecha debe ser desde el ${limit}`,
  after: (limit: string) => `La fecha debe ser hasta el ${limit}`,
} as const;

export type ParsedDate =
  | { kind: 'empty' }
  /** `value`: an ISO instant (date-time) or a business day `YYYY-MM-DD` (date). */
  | { kind: 'ok'; value: string }
  | { kind: 'invalid'; message: string };

interface Bounds {
  /** The earliest value allowed: an ISO instant (date-time) or a day `YYYY-MM-DD` (date). */
  min?: string | null;
  max?: string | null;
}

/**
 * What a date typed without its time means in a date-and-time field that bounds a period (a survey's
 * start and end): the first instant of that business day, or its last. Without it, the time is asked for.
 */
export type DayAlone = 'start' | 'end';

// 28/11/2026, 28-11-26, 28.11.2026 or 28112026; then, for a time, 09:30, 9.30, 0930 (an optional "hs").
const DATE_PART = String.raw`(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})|(\d{2})(\d{2})(\d{4})`;
const TIME_PART = String.raw`(\d{1,2})[:.h](\d{2})|(\d{2})(\d{2})`;
const DATE_ONLY = new RegExp(`^(?:${DATE_PART})$`);
const DATE_TIME = new RegExp(
  String.raw`^(?:${DATE_PART})(?:\s*,\s*|\s+|T)(?:${TIME_PART})(?:\s*hs?\.?)?$`,
  'i',
);

interface Day {
  year: number;
  month: number;
  day: number;
}

function readDay(m: RegExpExecArray): Day {
  const [d, mo, y] = m[1] !== undefined ? [m[1], m[2], m[3]] : [m[4], m[5], m[6]];
  const year = Number(y);
  return { year: y!.length === 2 ? 2000 + year : year, month: Number(mo), day: Number(d) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDay = ({ year, month, day }: Day) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
const dayFirst = ({ year, month, day }: Day) => `${pad(day)}/${pad(month)}/${pad(year, 4)}`;

function dayExists({ year, month, day }: Day): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ');

/** A typed business day (`28/11/2026`) as `YYYY-MM-DD`. */
export function parseDayFirstDate(text: string, bounds: Bounds = {}): ParsedDate {
  const input = normalise(text);
  if (!input) return { kind: 'empty' };
  const m = DATE_ONLY.exec(input);
  if (!m) return { kind: 'invalid', message: DATE_MSG.formatDay };
  const day = readDay(m);
  if (!dayExists(day)) return { kind: 'invalid', message: DATE_MSG.noSuchDay(dayFirst(day)) };
  const value = isoDay(day);
  if (bounds.min && value < bounds.min)
    return { kind: 'invalid', message: DATE_MSG.before(formatDayFirstDate(bounds.min)) };
  if (bounds.max && value > bounds.max)
    return { kind: 'invalid', message: DATE_MSG.after(formatDayFirstDate(bounds.max)) };
  return { kind: 'ok', value };
}

/**
 * A typed business wall time (`28/11/2026 09:30`) as the ISO instant it is in `zone`. A day alone
 * (`28/11/2026`) is refused for its missing time, unless `dayAlone` says it is the start or the end of
 * that day.
 */
export function parseDayFirstDateTime(
  text: string,
  bounds: Bounds = {},
  zone: string = businessTimeZone(),
  dayAlone?: DayAlone,
): ParsedDate {
  const input = normalise(text);
  if (!input) return { kind: 'empty' };
  const m = DATE_TIME.exec(input);
  const dayOnly = m ? null : DATE_ONLY.exec(input);
  if (!m && !(dayOnly && dayAlone)) {
    return { kind: 'invalid', message: dayOnly ? DATE_MSG.missingTime : DATE_MSG.format };
  }
  const day = readDay((m ?? dayOnly)!);
  if (!dayExists(day)) return { kind: 'invalid', message: DATE_MSG.noSuchDay(dayFirst(day)) };
  let value: string;
  if (m) {
    const hour = Number(m[7] ?? m[9]);
    const minute = Number(m[8] ?? m[10]);
    if (hour > 23 || minute > 59) return { kind: 'invalid', message: DATE_MSG.time };
    value = wallTimeToInstant(isoDay(day), hour, minute, zone);
  } else {
    value = dayBoundary(isoDay(day), dayAlone!, zone);
  }
  if (bounds.min && Date.parse(value) < Date.parse(bounds.min))
    return { kind: 'invalid', message: DATE_MSG.before(formatDayFirstDateTime(bounds.min, zone)) };
  if (bounds.max && Date.parse(value) > Date.parse(bounds.max))
    return { kind: 'invalid', message: DATE_MSG.after(formatDayFirstDateTime(bounds.max, zone)) };
  return { kind: 'ok', value };
}

/**
 * The first instant of a business day (`start`: 00:00) or its last (`end`: 23:59:59.999, the instant
 * before the next day's 00:00, whatever the day's length), as an ISO instant.
 */
export function dayBoundary(day: string, edge: DayAlone, zone = businessTimeZone()): string {
  if (edge === 'start') return wallTimeToInstant(day, 0, 0, zone);
  const [y, mo, d] = day.split('-').map(Number);
  const next = new Date(Date.UTC(y!, mo! - 1, d! + 1)).toISOString().slice(0, 10);
  return new Date(Date.parse(wallTimeToInstant(next, 0, 0, zone)) - 1).toISOString();
}

/** `YYYY-MM-DD` at `hour:minute` in `zone`, as an ISO instant. */
export function wallTimeToInstant(day: string, hour: number, minute: number, zone = businessTimeZone()) {
  return dayjs.tz(`${day}T${pad(hour)}:${pad(minute)}:00`, zone).toISOString();
}

/** An ISO instant as the input shows it: `28/11/2026 09:30` in `zone`. */
export function formatDayFirstDateTime(iso: string, zone: string = businessTimeZone()): string {
  const d = dayjs(iso);
  return d.isValid() ? d.tz(zone).format(DATE_TIME_FORMAT) : '';
}

/** `YYYY-MM-DD` as the input shows it: `28/11/2026`. */
export function formatDayFirstDate(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** The wall time of an instant in `zone`: its day `YYYY-MM-DD` and `HH:mm`. */
export function instantParts(iso: string, zone: string = businessTimeZone()): { day: string; time: string } {
  const d = dayjs(iso).tz(zone);
  return { day: d.format('YYYY-MM-DD'), time: d.format('HH:mm') };
}

/** The year it is now in `zone`. */
const currentYear = (zone: string, now: Date) => dayjs(now).tz(zone).year();

/**
 * What will be saved, in words: "jueves 28 de noviembre, 09:30"; another year than this one is
 * named ("viernes 5 de enero de 2029, 18:00").
 */
export function describeDateTime(iso: string, zone: string = businessTimeZone(), now = new Date()): string {
  const d = dayjs(iso).tz(zone);
  const year = d.year() === currentYear(zone, now) ? '' : ' [de] YYYY';
  return d.locale('es').format(`dddd D [de] MMMM${year}, HH:mm`);
}

/** A business day in words: "jueves 28 de noviembre" (with its year when it is not this one). */
export function describeDate(day: string, zone: string = businessTimeZone(), now = new Date()): string {
  const d = dayjs.tz(`${day}T12:00:00`, zone);
  const year = d.year() === currentYear(zone, now) ? '' : ' [de] YYYY';
  return d.locale('es').format(`dddd D [de] MMMM${year}`);
}

/** True for what the date-time input hands a form when its text reads as a date: an ISO instant. */
export function isInstant(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)
  );
}

/** docs/product.md#constants: a new event starts at the next full hour (business time zone) and lasts 2 hours. */
export function defaultEventRange(now: Date = new Date()): { start: string; end: string } {
  const local = dayjs(now).tz(businessTimeZone());
  const start = local.startOf('hour').add(1, 'hour');
  return { start: start.toISOString(), end: start.add(2, 'hour').toISOString() };
}
