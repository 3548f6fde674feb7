import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createEventTypeRoute } from './create-event-type.ts';
import { deleteEventTypeRoute } from './delete-event-type.ts';
import { getEventTypeRoute } from './get-event-type.ts';
import { listEventTypesRoute } from './list-event-types.ts';
import { updateEventTypeRoute } from './update-event-type.ts';

/** Tipos de Eventos: /api/event-types. */
export const eventTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listEventTypesRoute);
  await app.register(getEventTypeRoute);
  await app.register(createEventTypeRoute);
  await app.register(updateEventTypeRoute);
  await app.register(deleteEventTypeRoute);
};
