import { makeItemResponse, ZAppPost } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { appPostById } from '../../services/posts/app-posts.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

export const getAppPostRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/posts/:id',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Una publicación',
        description: 'Con la misma forma que en el muro. 404 si no existe o es de otra sucursal.',
        params: ZRouteId,
        response: { 200: makeItemResponse(ZAppPost), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return { data: await appPostById(app.db, user, request.params.id) };
    },
  );
};
