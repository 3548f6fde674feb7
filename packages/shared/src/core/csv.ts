/**
 * OWASP CSV injection (docs/product.md#stack): a cell that starts with =, +, -, @, a tab or a carriage
 * return would be read as a formula by spreadsheets, so it is prefixed with a single quote.
 */
export function csvSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * Undoes csvSafe: the `'` it put before a formula character goes, any other `'` stays (a name
 * that really starts with an apostrophe, or a cell the export did not guard).
 */
export function csvUnguard(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/**
 * Cells that must always be quoted: a CR or LF (csv-stringify only quotes its record delimiter, so a
 * bare LF would split the row and let the rest start a formula), the `;` separator and `"`; also
 * NEL (U+0085), LINE SEPARATOR (U+2028) and PARAGRAPH SEPARATOR (U+2029), which readers that split
 * lines the Unicode way (Python's str.splitlines, some editors) take as line breaks.
 */
export const CSV_ALWAYS_QUOTE = /[\r\n;"\u0085\u2028\u2029]/;
