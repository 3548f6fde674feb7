import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

import { ownComment } from './own-comment.ts';

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
      await app.db.transaction(async (tx) => {
        const own = await ownComment(tx, user, request.params.id);
        await queryRows(tx, sql`DELETE FROM post_comments WHERE id = ${own.id}`);
      });
      return reply.code(204).send(null);
    },
  );
};
