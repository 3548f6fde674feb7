import { dayjs } from './business-time';
import { businessTimeZone } from './time-zone';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * docs/product.md#sellers: under 1 hour "Hace N minuto(s)"; under 24 hours "Hace N hora(s)"; under 7 days
 * "Hace N día(s)"; otherwise the es-AR day, short month and year ("3 nov 2026"), in the
 * business time zone. A date slightly in the future (clock skew) reads as "Hace 0 minutos".
 */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return '';
  const elapsed = Math.max(0, now.getTime() - then.getTime());
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minuto', 'minutos');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hora', 'horas');
  if (elapsed < 7 * DAY) return plural(Math.floor(elapsed / DAY), 'día', 'días');
  return dayjs(then).tz(businessTimeZone()).locale('es').format('D MMM YYYY').replace('.', '');
}

const plural = (n: number, one: string, many: string) => `Hace ${n} ${n === 1 ? one : many}`;
