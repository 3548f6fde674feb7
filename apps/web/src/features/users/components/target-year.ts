import { type ParsedTargetValue, parseTargetValue } from '@panel/shared';
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

const AMOUNT = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2, useGrouping: true });

/**
 * An amount of money as people in Argentina read it, with thousands separators: 1916000 → "1.916.000",
 * 2000.5 → "2.000,5" (docs/product.md#dates-and-numbers; issue 28, item 16).
 */
export const formatAmount = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : AMOUNT.format(value);

/** Digits grouped by three with dots, and maybe a decimal comma: "1.916.000", "2.000,5". */
const GROUPED = /^\d{1,3}(\.\d{3})+(,\d*)?$/;

/**
 * An amount as typed, with or without thousands separators ("1.916.000", "1916000", "1234,5"): the
 * grouping dots go, then the screen's rule reads it (a comma is the decimal point, "12a" is refused).
 * The value sent to the API stays a plain number.
 */
export function parseAmount(text: string): ParsedTargetValue {
  const raw = text.trim();
  return parseTargetValue(GROUPED.test(raw) ? raw.replaceAll('.', '') : raw);
}

/** What a month's input shows once left: the amount with its separators, or the text as typed when it is not one. */
export function tidyAmount(text: string): string {
  const parsed = parseAmount(text);
  return parsed.ok && parsed.value !== null ? formatAmount(parsed.value) : text;
}
