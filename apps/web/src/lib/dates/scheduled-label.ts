import { dayjs } from './business-time';
import { businessTimeZone } from './time-zone';

const WEEKDAYS = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'];
const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/**
 * "Programada · lun 8 dic, 08:00": a scheduled item's publication time in the business time zone
 * (docs/product.md#scheduled-publishing); the year is named when it is not the current one.
 */
export function scheduledLabel(publishAt: string, now: Date = new Date(), zone = businessTimeZone()): string {
  const at = dayjs(publishAt).tz(zone);
  const year = at.year() === dayjs(now).tz(zone).year() ? '' : ` ${at.year()}`;
  return `Programada · ${WEEKDAYS[at.day()]} ${at.date()} ${MONTHS[at.month()]}${year}, ${at.format('HH:mm')}`;
}
