const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat('es', { numeric: 'auto' });
const shortDate = new Intl.DateTimeFormat('es-AR', { day: 'numeric', month: 'short' });
const longDate = new Intl.DateTimeFormat('es-AR', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * How long ago, in Spanish, with the spec's thresholds (§9: 1 hour, 24 hours, 7 days):
 * "recién", "hace 5 minutos", "hace 3 horas", "ayer", "hace 4 días", then the date ("12 nov." or,
 * in another year, "12 nov. 2025"). A time slightly in the future (a fast server clock) reads "recién".
 */
export function timeAgo(value: string | Date, now: Date = new Date()): string {
  const then = typeof value === 'string' ? new Date(value) : value;
  const diff = now.getTime() - then.getTime();
  if (Number.isNaN(diff)) return '';
  if (diff < MINUTE) return 'recién';
  if (diff < HOUR) return relative.format(-Math.floor(diff / MINUTE), 'minute');
  if (diff < DAY) return relative.format(-Math.floor(diff / HOUR), 'hour');
  if (diff < 7 * DAY) return relative.format(-Math.floor(diff / DAY), 'day');
  return (then.getFullYear() === now.getFullYear() ? shortDate : longDate).format(then);
}
