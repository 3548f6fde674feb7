import { EVENT_MSG, makeItemResponse, ZEventType, ZEventTypeUpdate } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventTypes } from '../../db/schema/events.ts';
import { notFound } from '../../lib/http-errors.ts';
import { errors, FORM_BODIES, ZRouteId } from '../schemas.ts';
import { eventTypeColumns, toEventTypeDto } from './event-type-dto.ts';

export const updateEventTypeRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/event-types/:id',
    {
      config: { access: 'admin', versioned: 'event_types' },
      schema: {
        tags: ['eventos'],
        summary: 'Actualizar un tipo de evento',
        consumes: FORM_BODIES,
        params: ZRouteId,
        body: ZEventTypeUpdate,
        response: { 200: makeItemResponse(ZEventType), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { name, color } = request.body;
      const [row] = await app.db
        .update(eventTypes)
        .set({ name, color })
        .where(eq(eventTypes.id, request.params.id))
        .returning(eventTypeColumns);
      if (!row) throw notFound(EVENT_MSG.typeNotFound);
      return { data: toEventTypeDto(row) };
    },
  );
};
