import type { TEventType } from '@panel/shared';
import { eventTypes } from '../../db/schema/events.ts';

export const eventTypeColumns = {
  id: eventTypes.id,
  name: eventTypes.name,
  color: eventTypes.color,
  createdAt: eventTypes.createdAt,
  version: eventTypes.version,
};

export function toEventTypeDto(row: {
  id: number;
  name: string;
  color: string;
  createdAt: Date;
  version: number;
}): TEventType {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    created_at: row.createdAt.toISOString(),
    version: row.version,
  };
}
