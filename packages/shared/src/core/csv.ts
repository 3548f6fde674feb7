/**
 * OWASP CSV injection (DECISIONS §6): a cell that starts with =, +, -, @, a tab or a carriage
 * return would be read as a formula by spreadsheets, so it is prefixed with a single quote.
 */
export function csvSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
