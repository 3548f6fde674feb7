import { DEFAULT_TIMEZONE } from '@panel/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('es');

/** The business time zone (DECISIONS §4): it defines "today", weeks and months. */
export const BUSINESS_TZ = DEFAULT_TIMEZONE;

/** An ISO instant shown in the business time zone; posts use dd-MM-yyyy HH:mm (spec §9). */
export function formatDateTime(iso: string | null | undefined, pattern = 'DD-MM-YYYY HH:mm'): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.tz(BUSINESS_TZ).format(pattern) : '';
}

export function formatDate(iso: string | null | undefined): string {
  return formatDateTime(iso, 'DD/MM/YYYY');
}

export { dayjs };
