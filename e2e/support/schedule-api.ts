import type { TEvent, TEventType, TNotification, TNotificationType } from '@panel/shared';
import type { APIRequestContext } from '@playwright/test';
import { apiCreate, unique } from './api.ts';

export const createNotificationType = (
  request: APIRequestContext,
  token: string,
  input: { name: string; color?: string; icon?: string },
) => apiCreate<TNotificationType>(request, token, '/api/notification-types', input);

export const createNotification = (
  request: APIRequestContext,
  token: string,
  input: {
    title: string;
    message: string;
    notification_type_id?: number;
    branch_id?: number;
    urgent?: boolean;
    publish_at?: string;
  },
) => apiCreate<TNotification>(request, token, '/api/notifications', input);

export const createEventType = (
  request: APIRequestContext,
  token: string,
  input: { name: string; color?: string },
) => apiCreate<TEventType>(request, token, '/api/event-types', input);

export const createEvent = (
  request: APIRequestContext,
  token: string,
  input: { title: string; start_at: string; end_at: string; event_type_id?: number; description?: string },
) => apiCreate<TEvent>(request, token, '/api/events', input);

/** An event of a new type in `color`, on `day` (YYYY-MM-DD) from `from` to `to` (HH:mm, Buenos Aires). */
export async function createTypedEvent(
  request: APIRequestContext,
  token: string,
  input: { title: string; color: string; day: string; from: string; to: string },
): Promise<TEvent> {
  const type = await createEventType(request, token, { name: `Tipo ${unique()}`, color: input.color });
  return createEvent(request, token, {
    title: input.title,
    event_type_id: type.id,
    start_at: buenosAires(input.day, input.from),
    end_at: buenosAires(input.day, input.to),
  });
}

/** A Buenos Aires wall-clock time (UTC-3, no daylight saving) as an ISO instant. */
export const buenosAires = (date: string, time: string) => new Date(`${date}T${time}:00-03:00`).toISOString();

/** Today's year and month in Buenos Aires, and a day of it as YYYY-MM-DD. */
export function currentMonthDay(day: number): string {
  const [y, m] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Argentina/Buenos_Aires',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-');
  return `${y}-${m}-${String(day).padStart(2, '0')}`;
}

/**
 * A day of this month (YYYY-MM-DD, Buenos Aires) with no event or scheduled item yet, from `preferred` on:
 * the demo's events move with today's date, and a day with three of them shows "+1 más" instead of a
 * new one (the grid's dayMaxEvents). Days 1 to 28, so every month has them.
 */
export async function quietMonthDay(
  request: APIRequestContext,
  token: string,
  preferred: number,
): Promise<string> {
  const first = currentMonthDay(1);
  const res = await request.get(
    `/api/events?per_page=100&from=${buenosAires(first, '00:00')}&to=${buenosAires(currentMonthDay(28), '23:59')}`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  if (!res.ok()) throw new Error(`GET /api/events: ${res.status()} ${await res.text()}`);
  // Scheduled items take a line of the day too.
  const scheduled = await request.get(
    `/api/scheduled?per_page=100&from=${buenosAires(first, '00:00')}&to=${buenosAires(currentMonthDay(28), '23:59')}`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  if (!scheduled.ok()) throw new Error(`GET /api/scheduled: ${scheduled.status()} ${await scheduled.text()}`);
  const day = (iso: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date(iso));
  const busy = new Set([
    ...((await res.json()).data as TEvent[]).map((e) => day(e.start_at)),
    ...((await scheduled.json()).data as { publish_at: string }[]).map((s) => day(s.publish_at)),
  ]);
  for (let i = 0; i < 28; i++) {
    const day = currentMonthDay(((preferred - 1 + i) % 28) + 1);
    if (!busy.has(day)) return day;
  }
  return currentMonthDay(preferred);
}

/** A day of next month in Buenos Aires, as YYYY-MM-DD: always in the future. */
export function nextMonthDay(day: number): string {
  const [y, m] = currentMonthDay(1).split('-').map(Number) as [number, number];
  const next = m === 12 ? { y: y + 1, m: 1 } : { y, m: m + 1 };
  return `${next.y}-${String(next.m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
