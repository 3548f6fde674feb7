/**
 * OWASP CSV injection (DECISIONS §6): a cell that starts with =, +, -, @, a tab or a carriage
 * return would be read as a formula by spreadsheets, so it is prefixed with a single quote.
 */
export function csvSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * Cells that must always be quoted: a CR or LF (csv-stringify only quotes its record delimiter, so a
 * bare LF would split the row and let the rest start a formula), the `;` separator and `"`.
 */
export const CSV_ALWAYS_QUOTE = /[\r\n;"]/;
