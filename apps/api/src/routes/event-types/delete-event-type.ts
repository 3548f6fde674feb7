import { EVENT_MSG } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { events, eventTypes } from '../../db/schema/events.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { findPostgresError } from '../../plugins/error-mapping.ts';
import { errors, ZNoContent, ZRouteId } from '../schemas.ts';

export const deleteEventTypeRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/event-types/:id',
    {
      config: { access: 'admin', versioned: 'event_types' },
      schema: {
        tags: ['eventos'],
        summary: 'Eliminar un tipo de evento',
        description: '409 mientras haya eventos de este tipo.',
        params: ZRouteId,
        response: { 204: ZNoContent, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const [found] = await app.db
        .select({ id: eventTypes.id })
        .from(eventTypes)
        .where(eq(eventTypes.id, id));
      if (!found) throw notFound(EVENT_MSG.typeNotFound);
      const [used] = await app.db
        .select({ id: events.id })
        .from(events)
        .where(eq(events.eventTypeId, id))
        .limit(1);
      if (used) throw conflict(EVENT_MSG.typeInUse);
      try {
        await app.db.delete(eventTypes).where(eq(eventTypes.id, id));
      } catch (error) {
        // The RESTRICT foreign key is the backstop for an event added meanwhile.
        if (findPostgresError(error)?.code === '23503') throw conflict(EVENT_MSG.typeInUse);
        throw error;
      }
      return reply.code(204).send();
    },
  );
};
