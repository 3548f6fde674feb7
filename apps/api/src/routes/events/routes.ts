import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkDeleteEventsRoute } from './bulk-delete-events.ts';
import { createEventRoute } from './create-event.ts';
import { deleteEventRoute } from './delete-event.ts';
import { getEventRoute } from './get-event.ts';
import { listEventsRoute } from './list-events.ts';
import { updateEventRoute } from './update-event.ts';

/** Eventos and the Calendario: /api/events. */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listEventsRoute);
  await app.register(getEventRoute);
  await app.register(createEventRoute);
  await app.register(updateEventRoute);
  await app.register(bulkDeleteEventsRoute);
  await app.register(deleteEventRoute);
};
