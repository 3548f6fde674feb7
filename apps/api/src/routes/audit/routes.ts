import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAuditRoute } from './list-audit.ts';

/** The audit trail, read-only: /api/audit (the rows are written by the database, plugins/audit.ts). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listAuditRoute);
};
