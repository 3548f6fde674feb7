import { notificationTypeResource, typeResourceRoutes } from '../types/type-resource.ts';

/** Tipos de Notificación: /api/notification-types, the five routes of every type resource (routes/types/). */
export const notificationTypesRoutes = typeResourceRoutes(notificationTypeResource);
