import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, SERVER_MSG } from '../../lib/http-errors.ts';

/** 200 once the server listens, which happens only after the migrations ran; 503 if the database is gone. */
export const getHealthRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sistema'],
        summary: 'Estado del servidor',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      try {
        await app.db.execute(sql`SELECT 1`);
      } catch {
        throw new HttpError(503, SERVER_MSG.serviceUnavailable);
      }
      return { status: 'ok' as const };
    },
  );
};
