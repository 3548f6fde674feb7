import { APP_MSG, makeItemResponse, ZAppPost } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { queryAppPosts, withoutCursor } from './app-posts.ts';
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
      const [post] = await queryAppPosts(app.db, user, sql`p.id = ${request.params.id}`, 1);
      if (!post) throw notFound(APP_MSG.postNotFound);
      return { data: withoutCursor(post) };
    },
  );
};
