/**
 * An event's time in Spanish, in the business time zone: "lun 24 nov · 09:00 a 11:00" on one day,
 * "lun 24 nov 09:00 → mié 26 nov 18:00" across days.
 */
export function eventWhen(startIso: string, endIso: string, timeZone: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const day = new Intl.DateTimeFormat('es-AR', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone,
  });
  const time = new Intl.DateTimeFormat('es-AR', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone,
  });
  const clean = (s: string) => s.replace(/\./g, '').replace(/,/g, '');
  const sameDay = clean(day.format(start)) === clean(day.format(end));
  if (sameDay) return `${clean(day.format(start))} · ${time.format(start)} a ${time.format(end)}`;
  return `${clean(day.format(start))} ${time.format(start)} → ${clean(day.format(end))} ${time.format(end)}`;
}
