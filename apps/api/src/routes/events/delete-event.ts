import { EVENT_MSG } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { events } from '../../db/schema/events.ts';
import { notFound } from '../../lib/http-errors.ts';
import { errors, ZNoContent, ZRouteId } from '../schemas.ts';

export const deleteEventRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/events/:id',
    {
      config: { access: 'admin', versioned: 'events' },
      schema: {
        tags: ['eventos'],
        summary: 'Eliminar un evento',
        params: ZRouteId,
        response: { 204: ZNoContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const [row] = await app.db
        .delete(events)
        .where(eq(events.id, request.params.id))
        .returning({ id: events.id });
      if (!row) throw notFound(EVENT_MSG.eventNotFound);
      return reply.code(204).send();
    },
  );
};
