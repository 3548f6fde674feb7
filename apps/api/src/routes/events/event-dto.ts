import type { TEvent, TEventValues } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { events, eventTypes } from '../../db/schema/events.ts';

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

export async function findEvent(db: Db, id: number) {
  const [row] = await selectEvents(db).where(eq(events.id, id)).limit(1);
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
