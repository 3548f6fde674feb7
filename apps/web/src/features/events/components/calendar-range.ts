import { dayjs } from '../../../lib/dates/business-time';
import { businessTimeZone } from '../../../lib/dates/time-zone';

/**
 * FullCalendar runs in its 'UTC' zone with wall-clock times of the business time zone, which needs
 * no time-zone plugin: an instant is shown as Buenos Aires wall time, and the grid's first and
 * last days are read back as Buenos Aires midnights.
 */
export function toCalendarWallTime(iso: string): string {
  return dayjs(iso).tz(businessTimeZone()).format('YYYY-MM-DDTHH:mm:ss');
}

/** The grid's [start, end) days (UTC dates in FullCalendar) as business-time-zone instants for the API. */
export function visibleRange(start: Date, end: Date): { from: string; to: string } {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return {
    from: dayjs.tz(day(start), businessTimeZone()).toISOString(),
    to: dayjs.tz(day(end), businessTimeZone()).toISOString(),
  };
}

/** "Now" for the grid (the today button and highlight), as business-time-zone wall time. */
export function businessNow(): string {
  return dayjs().tz(businessTimeZone()).format('YYYY-MM-DDTHH:mm:ss');
}
