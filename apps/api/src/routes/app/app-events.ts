import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { SessionUser } from '../../services/auth/sessions.ts';
import { iso, visibleTo } from './app-scope.ts';

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

export const eventsWhere = (user: SessionUser, condition: SQL) =>
  sql`${visibleTo(user, sql`e.branch_id`)} AND ${condition}`;

export function selectEvents(db: Db, where: SQL, order: SQL, limit: number, offset = 0) {
  return queryRows<EventRow>(
    db,
    sql`SELECT e.id, e.title, e.description, e.branch_id, b.name AS branch_name, t.id AS type_id,
        t.name AS type_name, t.color AS type_color, e.start_at, e.end_at
      FROM events e JOIN event_types t ON t.id = e.event_type_id LEFT JOIN branches b ON b.id = e.branch_id
      WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
  );
}

export const toDto = (e: EventRow) => ({
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

export const SOONEST = sql`e.start_at ASC, e.id ASC`;
