import { makeListResponse, ZAppCommentItem, ZAppPageQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { listComments } from '../../services/posts/comments.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

export const listCommentsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/posts/:id/comments',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Comentarios de una publicación',
        description:
          'El más viejo primero (el más nuevo al final), paginados: `meta.last_page` es la página de los más nuevos.',
        params: ZRouteId,
        querystring: ZAppPageQuery,
        response: { 200: makeListResponse(ZAppCommentItem), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return listComments(app.db, user, request.params.id, request.query);
    },
  );
};
