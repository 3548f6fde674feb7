const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Written out rather than formatted with Intl: the first Intl formatter of a page loads ICU's Spanish
// data, 30–110 ms of the main thread in Chromium (measured), on Inicio's first render (issue 23, item
// 11). The words are Intl's own (RelativeTimeFormat 'es' with numeric 'auto', DateTimeFormat 'es-AR'
// month 'short'): the unit test compares them.
const plural = (n: number, one: string, many: string) => `hace ${n} ${n === 1 ? one : many}`;
const DAYS: Record<number, string> = { 1: 'ayer', 2: 'anteayer' };
export const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];

/**
 * How long ago, in Spanish, with the spec's thresholds (§9: 1 hour, 24 hours, 7 days):
 * "recién", "hace 5 minutos", "hace 3 horas", "ayer", "hace 4 días", then the date ("12 nov" or,
 * in another year, "12 nov 2025"). A time slightly in the future (a fast server clock) reads "recién".
 */
export function timeAgo(value: string | Date, now: Date = new Date()): string {
  const then = typeof value === 'string' ? new Date(value) : value;
  const diff = now.getTime() - then.getTime();
  if (Number.isNaN(diff)) return '';
  if (diff < MINUTE) return 'recién';
  if (diff < HOUR) return plural(Math.floor(diff / MINUTE), 'minuto', 'minutos');
  if (diff < DAY) return plural(Math.floor(diff / HOUR), 'hora', 'horas');
  if (diff < 7 * DAY) {
    const days = Math.floor(diff / DAY);
    return DAYS[days] ?? plural(days, 'día', 'días');
  }
  const date = `${then.getDate()} ${MONTHS[then.getMonth()]}`;
  return then.getFullYear() === now.getFullYear() ? date : `${date} ${then.getFullYear()}`;
}

/**
 * How long until, in Spanish, for a close that is coming: "en menos de una hora", "en 5 horas" (up to
 * two days), "en 3 días". Written out for the same reason as timeAgo. A time already past: "ya".
 */
export function timeUntil(value: string | Date, now: Date = new Date()): string {
  const then = typeof value === 'string' ? new Date(value) : value;
  const diff = then.getTime() - now.getTime();
  if (Number.isNaN(diff)) return '';
  if (diff <= 0) return 'ya';
  if (diff < HOUR) return 'en menos de una hora';
  if (diff < 2 * DAY) {
    const hours = Math.floor(diff / HOUR);
    return `en ${hours} ${hours === 1 ? 'hora' : 'horas'}`;
  }
  return `en ${Math.floor(diff / DAY)} días`;
}
