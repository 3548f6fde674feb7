import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listScheduledRoute } from './list-scheduled.ts';

/** The Calendario's scheduled items: /api/scheduled. */
export const scheduledRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listScheduledRoute);
};
