import type { TAppAgenda, TAppEvent } from '@panel/shared';

/** The calendar day of an instant in the business time zone, as YYYY-MM-DD. */
export function dayKey(instant: number | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(instant));
}

export interface AgendaSections {
  /** Today's events that have not ended, soonest first. */
  today: TAppEvent[];
  /** Today's events that have ended already, in the order they were held: still today's, marked ended. */
  endedToday: TAppEvent[];
  /** The ones after today, soonest first. */
  next: TAppEvent[];
  /** The ones that ended before today (this week's), the latest first. */
  past: TAppEvent[];
}

/**
 * Agenda opens on today and what comes next; what has ended sits under "Anteriores" (issue 23.7).
 * An event still running counts as today's even if it started on an earlier day, and one that ended
 * today is still today's, marked as ended (issue 28, item 18): "No hay eventos hoy" would be untrue.
 */
export function agendaSections(agenda: TAppAgenda, now: number): AgendaSections {
  const today = dayKey(now, agenda.time_zone);
  const byId = new Map<number, TAppEvent>();
  for (const e of [...agenda.this_week, ...agenda.coming]) byId.set(e.id, e);
  const all = [...byId.values()];
  const ended = (e: TAppEvent) => Date.parse(e.end_at) <= now;
  // Held today: it ended after today's 00:00 (one that ends exactly at 00:00 was yesterday's).
  const endedToday = (e: TAppEvent) =>
    ended(e) && dayKey(Date.parse(e.end_at) - 1, agenda.time_zone) === today;
  const soonest = (a: TAppEvent, b: TAppEvent) => Date.parse(a.start_at) - Date.parse(b.start_at);
  return {
    today: all.filter((e) => !ended(e) && dayKey(e.start_at, agenda.time_zone) <= today).sort(soonest),
    endedToday: all.filter(endedToday).sort(soonest),
    next: all.filter((e) => !ended(e) && dayKey(e.start_at, agenda.time_zone) > today).sort(soonest),
    past: all
      .filter((e) => ended(e) && !endedToday(e))
      .sort((a, b) => Date.parse(b.end_at) - Date.parse(a.end_at)),
  };
}
