import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportEngagementRoute } from './export-engagement.ts';
import { getEngagementRoute } from './get-engagement.ts';
import { listInactiveRoute } from './list-inactive.ts';

/** Participación: /api/engagement, its inactive sellers and its CSV. */
export const engagementRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(getEngagementRoute);
  await app.register(listInactiveRoute);
  await app.register(exportEngagementRoute);
};
