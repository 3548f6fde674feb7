import { BUSINESS_TZ, dayjs } from '../../../lib/dates';

/**
 * FullCalendar runs in its 'UTC' zone with wall-clock times of the business time zone, which needs
 * no time-zone plugin: an instant is shown as Buenos Aires wall time, and the grid's first and
 * last days are read back as Buenos Aires midnights.
 */
export function toCalendarWallTime(iso: string): string {
  return dayjs(iso).tz(BUSINESS_TZ).format('YYYY-MM-DDTHH:mm:ss');
}

/** The grid's [start, end) days (UTC dates in FullCalendar) as business-time-zone instants for the API. */
export function visibleRange(start: Date, end: Date): { from: string; to: string } {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return {
    from: dayjs.tz(day(start), BUSINESS_TZ).toISOString(),
    to: dayjs.tz(day(end), BUSINESS_TZ).toISOString(),
  };
}

/** "Now" for the grid (the today button and highlight), as business-time-zone wall time. */
export function businessNow(): string {
  return dayjs().tz(BUSINESS_TZ).format('YYYY-MM-DDTHH:mm:ss');
}

/** Black or white text, whichever reads better on the type's colour (WCAG relative luminance). */
export function textOn(hex: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#FFFFFF';
  const [r, g, b] = m.slice(1).map((c) => {
    const v = Number.parseInt(c, 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? '#1A1B1E' : '#FFFFFF';
}
