import { stringify } from 'csv-stringify';

/** A cell starting with one of these would run as a formula in Excel (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text cells get a leading `'` when they could start a formula; numbers are left alone. */
export function csvSafe(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Exports open as columns in Excel es-AR: UTF-8 with a BOM, `;` separated (DECISIONS §6). */
export function csvStringifier(header: string[]) {
  return stringify({ bom: true, delimiter: ';', header: true, columns: header, record_delimiter: 'windows' });
}

/** "09/03/2026 00:00" in the business time zone. */
export function csvDateTime(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('es-AR', {
      timeZone,
      hourCycle: 'h23',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
