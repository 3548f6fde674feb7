import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, SERVER_MSG } from '../../lib/http-errors.ts';
import { errors } from '../schemas.ts';

const ZHealth = z.object({ status: z.literal('ok') });
const ZHealthQuery = z.object({ ready: z.enum(['1', 'true']).optional() });

/**
 * Liveness: 200 once the server listens, which happens only after the migrations ran. It does not
 * touch the database, so a load balancer polling it costs nothing. Readiness (`/api/health/ready`,
 * or `?ready=1`) also runs `SELECT 1`: 503 when the database does not answer.
 */
export const getHealthRoute: FastifyPluginAsyncZod = async (app) => {
  const ready = async () => {
    try {
      await app.db.execute(sql`SELECT 1`);
    } catch {
      throw new HttpError(503, SERVER_MSG.serviceUnavailable);
    }
    return { status: 'ok' as const };
  };
  app.get(
    '/api/health',
    {
      config: { access: 'public', probe: true },
      schema: {
        tags: ['sistema'],
        summary: 'Estado del servidor',
        description: 'No consulta la base de datos salvo con `ready=1` (igual que `/api/health/ready`).',
        querystring: ZHealthQuery,
        response: { 200: ZHealth, ...errors(400, 503) },
      },
    },
    async (request) => (request.query.ready ? ready() : { status: 'ok' as const }),
  );
  app.get(
    '/api/health/ready',
    {
      config: { access: 'public', probe: true },
      schema: {
        tags: ['sistema'],
        summary: 'Disponibilidad: el servidor y la base de datos responden',
        response: { 200: ZHealth, ...errors(503) },
      },
    },
    ready,
  );
};
