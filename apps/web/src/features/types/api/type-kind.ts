import type { TEventType, TEventTypeValues, TNotificationType, TNotificationTypeValues } from '@panel/shared';

/**
 * "Tipos de Eventos" and "Tipos de Notificación" (docs/product.md#notification-types, #event-types) are one screen over two
 * resources; the kind is also the API path and the query key.
 */
export type TypeKind = 'event-types' | 'notification-types';

/** A row of either list: a notification type also has its icon. */
export type TypeRecord = TEventType | TNotificationType;
export type TypeValues = TEventTypeValues | TNotificationTypeValues;

/** The screens that show a type's name, colour (and icon): refreshed after a save. */
export const TYPE_USED_BY = { 'event-types': 'events', 'notification-types': 'notifications' } as const;
