import { EVENT_MSG, makeItemResponse, ZEventType } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventTypes } from '../../db/schema/events.ts';
import { notFound } from '../../lib/http-errors.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { eventTypeColumns, toEventTypeDto } from './event-type-dto.ts';

/** One type with its version (ETag): what an edit dialog reloads after a 412. */
export const getEventTypeRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/event-types/:id',
    {
      config: { access: 'admin', versioned: 'event_types' },
      schema: {
        tags: ['eventos'],
        summary: 'Ver un tipo de evento',
        params: ZRouteId,
        response: { 200: makeItemResponse(ZEventType), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select(eventTypeColumns)
        .from(eventTypes)
        .where(eq(eventTypes.id, request.params.id))
        .limit(1);
      if (!row) throw notFound(EVENT_MSG.typeNotFound);
      return { data: toEventTypeDto(row) };
    },
  );
};
