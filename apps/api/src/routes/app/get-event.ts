import { APP_MSG, makeItemResponse, ZAppEvent } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { eventsWhere, SOONEST, selectEvents, toDto } from './app-events.ts';
import { APP_TAG } from './app-scope.ts';

export const getAppEventRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/events/:id',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Un evento',
        params: ZRouteId,
        response: { 200: makeItemResponse(ZAppEvent), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const [row] = await selectEvents(
        app.db,
        eventsWhere(user, sql`e.id = ${request.params.id}`),
        SOONEST,
        1,
      );
      if (!row) throw notFound(APP_MSG.eventNotFound);
      return { data: toDto(row) };
    },
  );
};
