import { eventTypeResource } from '../types/type-resource.ts';
import { typeResourceRoutes } from '../types/type-routes.ts';

/** Tipos de Eventos: /api/event-types, the five routes of every type resource (routes/types/). */
export const eventTypesRoutes = typeResourceRoutes(eventTypeResource);
