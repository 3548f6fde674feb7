import { eventTypeResource, typeResourceRoutes } from '../types/type-resource.ts';

/** Tipos de Eventos: /api/event-types, the five routes of every type resource (routes/types/). */
export const eventTypesRoutes = typeResourceRoutes(eventTypeResource);
