import { dayjs } from './business-time';
import { businessTimeZone } from './time-zone';

const WEEKDAYS = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'];
const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/**
 * "lun 8 dic, 08:00": a publication time in the business time zone; the year is named when it is not
 * the current one.
 */
export function scheduledWhen(publishAt: string, now: Date = new Date(), zone = businessTimeZone()): string {
  const at = dayjs(publishAt).tz(zone);
  const year = at.year() === dayjs(now).tz(zone).year() ? '' : ` ${at.year()}`;
  return `${WEEKDAYS[at.day()]} ${at.date()} ${MONTHS[at.month()]}${year}, ${at.format('HH:mm')}`;
}

/**
 * "Programada · lun 8 dic, 08:00": a scheduled item's publication time (docs/product.md#scheduled-publishing).
 */
export function scheduledLabel(publishAt: string, now: Date = new Date(), zone = businessTimeZone()): string {
  return `Programada · ${scheduledWhen(publishAt, now, zone)}`;
}
