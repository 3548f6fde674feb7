/**
 * What a seller types, read as HH:MM: "2200" and "22.00" are 22:00, "8:30" is 08:30, "8" is 08:00.
 * (A native time field shows 12-hour "10:00 PM" where the browser's language says so.)
 */
export function readTime(text: string): string {
  const t = text.trim().replace(/^(\d{1,2})[.h](\d{2})$/, '$1:$2');
  const digits = /^\d{3,4}$/.test(t)
    ? `${t.slice(0, -2)}:${t.slice(-2)}`
    : /^\d{1,2}$/.test(t)
      ? `${t}:00`
      : t;
  const m = /^(\d{1,2}):(\d{2})$/.exec(digits);
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : t;
}
