import type { TEvent, TEventValues, ZEventListQuery } from '@panel/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { events, eventTypes } from '../../db/schema/events.ts';
import { containsTextInAny, fetchPage, parseSort, textSortKey } from '../../lib/list-query.ts';
import { inBranchScope } from '../auth/branch-scope.ts';
import type { SessionUser } from '../auth/sessions.ts';

export const eventColumns = {
  id: events.id,
  eventTypeId: events.eventTypeId,
  branchId: events.branchId,
  title: events.title,
  description: events.description,
  startAt: events.startAt,
  endAt: events.endAt,
  createdAt: events.createdAt,
  updatedAt: events.updatedAt,
  version: events.version,
  typeName: eventTypes.name,
  typeColor: eventTypes.color,
  branchName: branches.name,
};

/** An event with its type and branch, as every answer carries it. */
export function selectEvents(db: Db) {
  return db
    .select(eventColumns)
    .from(events)
    .innerJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .leftJoin(branches, eq(branches.id, events.branchId));
}

type EventRow = Awaited<ReturnType<ReturnType<typeof selectEvents>['execute']>>[number];

export function toEventDto(row: EventRow): TEvent {
  return {
    id: row.id,
    event_type_id: row.eventTypeId,
    event_type: { id: row.eventTypeId, name: row.typeName, color: row.typeColor },
    branch_id: row.branchId,
    branch_name: row.branchName,
    title: row.title,
    description: row.description,
    start_at: row.startAt.toISOString(),
    end_at: row.endAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** Events `user` may see and change: every one for an administrator, their branch's for a manager. */
export const eventsInScope = (user: SessionUser) => inBranchScope(user, sql`${events.branchId}`);

/** The event, if `user` may see it (eventsInScope); null otherwise. */
export async function findEvent(db: Db, id: number, user: SessionUser) {
  const [row] = await selectEvents(db)
    .where(and(eq(events.id, id), eventsInScope(user)))
    .limit(1);
  return row ? toEventDto(row) : null;
}

/** The columns a create or an update body writes. */
export function eventValues(body: TEventValues) {
  return {
    eventTypeId: body.event_type_id,
    branchId: body.branch_id,
    title: body.title,
    description: body.description,
    startAt: new Date(body.start_at),
    endAt: new Date(body.end_at),
  };
}

const SORT_COLUMNS = {
  title: textSortKey(events.title),
  start_at: sql`${events.startAt}`,
  end_at: sql`${events.endAt}`,
  created_at: sql`${events.createdAt}`,
} satisfies Record<string, SQL>;

/**
 * Events overlapping [from, to): start before `to` and end after `from`. Written as a range
 * overlap so the GiST index on tstzrange(start_at, end_at) serves it (events_period_idx).
 */
export function overlapping(from: string | undefined, to: string | undefined): SQL | undefined {
  if (!from && !to) return undefined;
  return sql`tstzrange(${events.startAt}, ${events.endAt}) && tstzrange(${from ?? null}::timestamptz, ${to ?? null}::timestamptz)`;
}

/**
 * One page of events with their type and branch: `q` on title and description, `from`/`to` (overlapping),
 * `event_type_id`, `branch_id`; newest start first by default (with a range: in chronological order).
 * A manager's page: their branch's events only.
 */
export async function selectEventsPage(db: Db, query: z.infer<typeof ZEventListQuery>, user: SessionUser) {
  const conditions: SQL[] = [eventsInScope(user)];
  if (query.q) {
    conditions.push(containsTextInAny(query.q, events.title, events.description));
  }
  const range = overlapping(query.from, query.to);
  if (range) conditions.push(range);
  if (query.event_type_id) conditions.push(eq(events.eventTypeId, query.event_type_id));
  if (query.branch_id) conditions.push(eq(events.branchId, query.branch_id));
  const where = and(...conditions);

  const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'start_at', !range);
  const direction = sort.desc ? desc : asc;
  // With a range, order by an expression rather than the bare indexed column: the GiST index
  // then finds the few overlapping rows and they are sorted, instead of the planner walking
  // start_at from the very first event (measured on 200 000 events, busy machine: 480 ms → 70 ms).
  const orderKey =
    range && sort.key !== 'title'
      ? sql`(${SORT_COLUMNS[sort.key]} + interval '0 seconds')`
      : SORT_COLUMNS[sort.key];
  return fetchPage(
    query,
    ({ limit, offset }) =>
      selectEvents(db)
        .where(where)
        .orderBy(direction(orderKey), direction(events.id))
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(events).where(where),
  );
}
