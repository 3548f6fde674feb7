import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getActivityRoute } from './get-activity.ts';
import { getSummaryRoute } from './get-summary.ts';

/** Tablero de control: /api/dashboard/summary and /api/dashboard/activity. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(getSummaryRoute);
  await app.register(getActivityRoute);
};
