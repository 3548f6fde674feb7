import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getFileRoute } from './get-file.ts';

/** Uploaded images: GET /api/files/{key}. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(getFileRoute);
};
