import { makeListResponse, ZAppPageQuery, ZAppStory } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { listActiveStories } from '../../services/stories/app-stories.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

export const listAppStoriesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/stories',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Historias activas',
        description:
          'Las activas (activas, ya empezadas y sin vencer) de la sucursal del vendedor y de todas, la más nueva primero. ' +
          '`expires_at`: `ends_at`, o 24 h después de `starts_at` (de creada, si no tiene inicio).',
        querystring: ZAppPageQuery,
        response: { 200: makeListResponse(ZAppStory), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return listActiveStories(app.db, user, request.query, app.now());
    },
  );
};
