import dayjs from 'dayjs';
import 'dayjs/locale/es';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { businessTimeZone } from './time-zone';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('es');

/** An ISO instant shown in the business time zone; posts use dd-MM-yyyy HH:mm (docs/product.md#constants). */
export function formatDateTime(iso: string | null | undefined, pattern = 'DD-MM-YYYY HH:mm'): string {
  if (!iso) return '';
  if (NUMERIC_PATTERN.test(pattern)) {
    const ms = Date.parse(iso);
    if (Number.isNaN(ms)) return '';
    const parts = numericParts(ms);
    return pattern.replace(/YYYY|MM|DD|HH|mm/g, (token) => parts[token as keyof typeof parts]);
  }
  const d = dayjs(iso);
  return d.isValid() ? d.tz(businessTimeZone()).format(pattern) : '';
}

// Lists show a hundred dates at a time: dayjs' tz() builds an Intl formatter per call (about 0.2 ms
// each), so numeric patterns use one cached formatter instead. Other patterns go through dayjs.
const NUMERIC_PATTERN = /^(?:YYYY|MM|DD|HH|mm|[-/ :.,])+$/;
let numericFormat: Intl.DateTimeFormat | undefined;
let numericZone = '';

function numericParts(ms: number) {
  const zone = businessTimeZone();
  if (numericZone !== zone) numericFormat = undefined;
  numericZone = zone;
  numericFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const out = { YYYY: '', MM: '', DD: '', HH: '', mm: '' };
  for (const part of numericFormat.formatToParts(ms)) {
    if (part.type === 'year') out.YYYY = part.value.padStart(4, '0');
    else if (part.type === 'month') out.MM = part.value;
    else if (part.type === 'day') out.DD = part.value;
    else if (part.type === 'hour') out.HH = part.value;
    else if (part.type === 'minute') out.mm = part.value;
  }
  return out;
}

export function formatDate(iso: string | null | undefined): string {
  return formatDateTime(iso, 'DD/MM/YYYY');
}

export { dayjs };
