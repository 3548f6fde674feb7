import {
  EVENT_MSG,
  NOTIFICATION_MSG,
  notificationIconUrl,
  type TEventType,
  type TEventTypeValues,
  type TNotificationType,
  type TNotificationTypeValues,
  ZEventType,
  ZEventTypeInput,
  ZEventTypeListQuery,
  ZEventTypeUpdate,
  ZNotificationType,
  ZNotificationTypeInput,
  ZNotificationTypeListQuery,
  ZNotificationTypeUpdate,
} from '@panel/shared';
import { sql } from 'drizzle-orm';
import { events, eventTypes } from '../../db/schema/events.ts';
import { notifications, notificationTypes } from '../../db/schema/notifications.ts';
import { syncEventReminders } from '../../services/scheduling/reminders.ts';
import { type TypeTable, type TypeTableSpec, typeStore } from '../../services/types/type-store.ts';
import { type ResourceRoutesSpec, resourceRoutes } from '../resource-routes.ts';

/**
 * Tipos de Eventos and Tipos de Notificación are the same resource (a name, a colour, and for
 * notifications an icon): one description of each drives the same five routes (routes/resource-routes.ts),
 * over the queries of services/types/type-store.ts.
 */
export interface TypeResource<T extends TypeTable, Row, Body>
  extends TypeTableSpec<T, Row, Body>,
    Omit<ResourceRoutesSpec<Body>, 'writeError'> {
  path: '/api/event-types' | '/api/notification-types';
  versioned: 'event_types' | 'notification_types';
}

const common = {
  listDescription: '`q` busca en el nombre sin distinguir mayúsculas ni acentos.',
  forms: true,
  writeConflicts: false,
} as const;

/** The five routes of one type resource: /api/event-types, /api/notification-types. */
export function typeResourceRoutes<T extends TypeTable, Row, Body>(resource: TypeResource<T, Row, Body>) {
  return resourceRoutes<Body>(resource, typeStore(resource));
}

type EventTypeRow = {
  id: number;
  name: string;
  color: string;
  reminderMinutes: number[];
  urgent: boolean;
  createdAt: Date;
  version: number;
};

export const eventTypeResource: TypeResource<typeof eventTypes, EventTypeRow, TEventTypeValues> = {
  ...common,
  path: '/api/event-types',
  tag: 'eventos',
  versioned: 'event_types',
  singular: 'un tipo de evento',
  plural: 'tipos de evento',
  createDescription:
    'JSON, urlencoded o multipart: name, color (#RRGGBB, por defecto #FF0000), reminder_minutes (minutos antes del inicio: 10080, 1440, 180, 60, 15; repetido en un formulario) y urgent (los recordatorios ignoran el "No molestar").',
  deleteDescription: '409 mientras haya eventos de este tipo.',
  item: ZEventType,
  input: ZEventTypeInput,
  update: ZEventTypeUpdate,
  listQuery: ZEventTypeListQuery,
  table: eventTypes,
  columns: {
    id: eventTypes.id,
    name: eventTypes.name,
    color: eventTypes.color,
    reminderMinutes: eventTypes.reminderMinutes,
    urgent: eventTypes.urgent,
    createdAt: eventTypes.createdAt,
    version: eventTypes.version,
  },
  toDto: (row): TEventType => ({
    id: row.id,
    name: row.name,
    color: row.color,
    reminder_minutes: row.reminderMinutes,
    urgent: row.urgent,
    created_at: row.createdAt.toISOString(),
    version: row.version,
  }),
  values: ({ name, color, reminder_minutes, urgent }) => ({
    name,
    color,
    reminderMinutes: reminder_minutes,
    urgent,
  }),
  usedBy: { table: events, column: events.eventTypeId },
  notFound: EVENT_MSG.typeNotFound,
  inUse: EVENT_MSG.typeInUse,
  // Its events' reminders follow the type's (docs/decisions/2026-12-04-reminders.md).
  afterUpdate: (tx, id, now) => syncEventReminders(tx, sql`e.event_type_id = ${id}`, now),
};

type NotificationTypeRow = EventTypeRow & { icon: string };

export const notificationTypeResource: TypeResource<
  typeof notificationTypes,
  NotificationTypeRow,
  TNotificationTypeValues
> = {
  ...common,
  path: '/api/notification-types',
  tag: 'notificaciones',
  versioned: 'notification_types',
  singular: 'un tipo de notificación',
  plural: 'tipos de notificación',
  createDescription: 'JSON, urlencoded o multipart: name, color (#RRGGBB, #FF0000), icon (1.png … 32.png).',
  deleteDescription: '409 mientras haya notificaciones de este tipo.',
  item: ZNotificationType,
  input: ZNotificationTypeInput,
  update: ZNotificationTypeUpdate,
  listQuery: ZNotificationTypeListQuery,
  table: notificationTypes,
  columns: {
    id: notificationTypes.id,
    name: notificationTypes.name,
    color: notificationTypes.color,
    icon: notificationTypes.icon,
    createdAt: notificationTypes.createdAt,
    version: notificationTypes.version,
  },
  toDto: (row): TNotificationType => ({
    id: row.id,
    name: row.name,
    color: row.color,
    icon: row.icon,
    icon_url: notificationIconUrl(row.icon),
    created_at: row.createdAt.toISOString(),
    version: row.version,
  }),
  values: ({ name, color, icon }) => ({ name, color, icon }),
  usedBy: { table: notifications, column: notifications.notificationTypeId },
  notFound: NOTIFICATION_MSG.typeNotFound,
  inUse: NOTIFICATION_MSG.typeInUse,
};
