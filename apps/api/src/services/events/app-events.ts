import { APP_MSG, type TAppAgenda, type TAppEvent, type TListMeta } from '@panel/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { periodRange } from '../../lib/business-time.ts';
import { notFound } from '../../lib/http-errors.ts';
import { iso } from '../../lib/iso.ts';
import { fetchPage } from '../../lib/list-query.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { visibleTo } from '../auth/visible-to.ts';

export interface EventRow {
  id: number;
  title: string;
  description: string | null;
  branch_id: number | null;
  branch_name: string | null;
  type_id: number;
  type_name: string;
  type_color: string;
  start_at: Date | string;
  end_at: Date | string;
}

const eventsWhere = (user: SessionUser, condition: SQL) =>
  sql`${visibleTo(user, sql`e.branch_id`)} AND ${condition}`;

function selectEvents(db: Db, where: SQL, order: SQL, limit: number, offset = 0) {
  return queryRows<EventRow>(
    db,
    sql`SELECT e.id, e.title, e.description, e.branch_id, b.name AS branch_name, t.id AS type_id,
        t.name AS type_name, t.color AS type_color, e.start_at, e.end_at
      FROM events e JOIN event_types t ON t.id = e.event_type_id LEFT JOIN branches b ON b.id = e.branch_id
      WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
  );
}

const toDto = (e: EventRow): TAppEvent => ({
  id: e.id,
  title: e.title,
  description: e.description,
  branch_id: e.branch_id,
  branch_name: e.branch_name,
  type: { id: e.type_id, name: e.type_name, color: e.type_color },
  start_at: iso(e.start_at),
  end_at: iso(e.end_at),
  ics_url: `/api/app/events/${e.id}.ics`,
});

const SOONEST = sql`e.start_at ASC, e.id ASC`;

/**
 * The events the caller may see, one page: `upcoming` (not ended, soonest first), `past` (ended) or
 * `all` (these two, latest first).
 */
export async function listAppEvents(
  db: Db,
  user: SessionUser,
  query: { period: 'upcoming' | 'past' | 'all'; page: number; per_page: number },
  now: Date,
): Promise<{ data: TAppEvent[]; meta: TListMeta }> {
  const at = now.toISOString();
  const { period } = query;
  const when =
    period === 'upcoming'
      ? sql`e.end_at >= ${at}::timestamptz`
      : period === 'past'
        ? sql`e.end_at < ${at}::timestamptz`
        : sql`true`;
  const order = period === 'upcoming' ? SOONEST : sql`e.start_at DESC, e.id DESC`;
  const where = eventsWhere(user, when);
  const { rows, meta } = await fetchPage(
    query,
    ({ limit, offset }) => selectEvents(db, where, order, limit, offset),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM events e WHERE ${where}`),
  );
  return { data: rows.map(toDto), meta };
}

/** The agenda: this week's events (Monday to Sunday, business time zone) and up to `limit` coming ones. */
export async function appAgenda(
  db: Db,
  user: SessionUser,
  input: { now: Date; timeZone: string; limit: number },
): Promise<TAppAgenda> {
  const { from, to } = periodRange('weekly', input.now, input.timeZone) as { from: Date; to: Date };
  const weekStart = from.toISOString();
  const weekEnd = to.toISOString();
  const [thisWeek, coming] = await Promise.all([
    selectEvents(
      db,
      eventsWhere(user, sql`e.start_at < ${weekEnd}::timestamptz AND e.end_at >= ${weekStart}::timestamptz`),
      SOONEST,
      500,
    ),
    selectEvents(db, eventsWhere(user, sql`e.start_at >= ${weekEnd}::timestamptz`), SOONEST, input.limit),
  ]);
  return {
    time_zone: input.timeZone,
    week_start: weekStart,
    week_end: weekEnd,
    this_week: thisWeek.map(toDto),
    coming: coming.map(toDto),
  };
}

/** One event the caller may see, as its row (the `.ics` reads it) and as the app shows it; 404 otherwise. */
export async function appEventById(
  db: Db,
  user: SessionUser,
  id: number,
): Promise<{ row: EventRow; event: TAppEvent }> {
  const [row] = await selectEvents(db, eventsWhere(user, sql`e.id = ${id}`), SOONEST, 1);
  if (!row) throw notFound(APP_MSG.eventNotFound);
  return { row, event: toDto(row) };
}
