import { makeItemResponse, ZAppCommentEdit, ZAppCommentItem } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { editComment } from '../../services/posts/comments.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

/** A seller edits their own comment (the post's count follows, in the app and the panel). */
export const updateCommentRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/app/comments/:id',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Editar un comentario propio',
        description:
          '`content`: de 1 a 1000 caracteres, sin espacios al principio ni al final. Solo quien lo escribió: ' +
          '403 si es de otra persona, 404 si no existe o es de una publicación que no ve. Marca `edited_at`.',
        params: ZRouteId,
        body: ZAppCommentEdit,
        response: { 200: makeItemResponse(ZAppCommentItem), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const data = await editComment(app.db, {
        user,
        id: request.params.id,
        content: request.body.content,
        now: app.now(),
      });
      return { data };
    },
  );
};
