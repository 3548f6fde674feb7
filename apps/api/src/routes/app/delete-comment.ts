import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.ts';
import { deleteComment } from '../../services/posts/comments.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

/** A seller deletes their own comment (the post's count follows, in the app and the panel). */
export const deleteCommentRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/app/comments/:id',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Borrar un comentario propio',
        description:
          'Solo quien lo escribió: 403 si es de otra persona, 404 si no existe (o ya se borró) o es de una ' +
          'publicación que no ve. Los puntos que otorgó quedan en el historial (no se borran transacciones).',
        params: ZRouteId,
        response: { 204: z.null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      await deleteComment(app.db, user, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
