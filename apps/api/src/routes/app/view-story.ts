import { ZAppStoryView } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { viewStory } from '../../services/stories/app-stories.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

export const viewStoryRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/app/stories/:id/view',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Marcar una historia como vista',
        description:
          'Una vez por vendedor: las vistas siguientes conservan la hora de la primera. La primera otorga `view_story`.',
        params: ZRouteId,
        response: { 200: ZAppStoryView, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return {
        data: await viewStory(app.db, { user, storyId: request.params.id, now: app.now() }, request.log),
      };
    },
  );
};
