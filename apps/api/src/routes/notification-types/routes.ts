import { notificationTypeResource } from '../types/type-resource.ts';
import { typeResourceRoutes } from '../types/type-routes.ts';

/** Tipos de Notificación: /api/notification-types, the five routes of every type resource (routes/types/). */
export const notificationTypesRoutes = typeResourceRoutes(notificationTypeResource);
