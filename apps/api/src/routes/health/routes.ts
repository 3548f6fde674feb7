import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHealthRoute } from './get-health.ts';

/** Health check: GET /api/health. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(getHealthRoute);
};
