import { EVENT_MSG, makeItemResponse, ZEvent } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { findEvent } from '../../services/events/events.ts';
import { errors, ZRouteId } from '../schemas.ts';

/** One event with its version (ETag): what an edit dialog reloads after a 412. */
export const getEventRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/events/:id',
    {
      config: { access: 'panel', versioned: 'events' },
      schema: {
        tags: ['eventos'],
        summary: 'Ver un evento',
        params: ZRouteId,
        response: { 200: makeItemResponse(ZEvent), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const found = await findEvent(app.db, request.params.id, requireAuth(request).user);
      if (!found) throw notFound(EVENT_MSG.eventNotFound);
      return { data: found };
    },
  );
};
