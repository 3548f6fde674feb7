import { EVENT_MSG } from '@panel/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { events } from '../../db/schema/events.ts';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { eventsInScope } from '../../services/events/events.ts';
import { branchVersionScope } from '../branch-version-scope.ts';
import { errors, ZNoContent, ZRouteId } from '../schemas.ts';

export const deleteEventRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/events/:id',
    {
      config: { access: 'panel', versioned: 'events', versionScope: branchVersionScope },
      schema: {
        tags: ['eventos'],
        summary: 'Eliminar un evento',
        description: '404 si no existe o, para un encargado, si no es de su sucursal.',
        params: ZRouteId,
        response: { 204: ZNoContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const [row] = await app.db
        .delete(events)
        .where(and(eq(events.id, request.params.id), eventsInScope(requireAuth(request).user)))
        .returning({ id: events.id });
      if (!row) throw notFound(EVENT_MSG.eventNotFound);
      return reply.code(204).send();
    },
  );
};
