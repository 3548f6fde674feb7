import { makeItemResponse, ZAppEvent } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { appEventById } from '../../services/events/app-events.ts';
import { errors, ZRouteId } from '../schemas.ts';
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
      const { event } = await appEventById(app.db, user, request.params.id);
      return { data: event };
    },
  );
};
