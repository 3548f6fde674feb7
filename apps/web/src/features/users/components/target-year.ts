import { dayjs } from '../../../lib/dates/business-time';
import { businessTimeZone } from '../../../lib/dates/time-zone';

/** The current year in the business time zone. */
export const currentYear = () => dayjs().tz(businessTimeZone()).year();

/** docs/product.md#sellers: a blank (or unusable) year falls back to the current year. */
export function effectiveYear(input: string | number): number {
  const n = typeof input === 'number' ? input : Number(input);
  return input !== '' && Number.isInteger(n) && n >= 2000 && n <= 2100 ? n : currentYear();
}

/** An amount as people in Argentina write it: comma as the decimal separator. */
export const formatTargetValue = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value).replace('.', ',');
