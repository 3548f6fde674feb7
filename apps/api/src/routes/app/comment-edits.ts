import { APP_MSG, makeItemResponse, ZAppCommentEdit, ZAppCommentItem } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows, type Tx } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { SessionUser } from '../../services/auth/sessions.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG, iso, visibleTo } from './app-scope.ts';

/**
 * The comment, locked for the change, when the caller may change it: 404 when it does not exist or
 * sits on a post the caller cannot see (another branch's comment does not exist for them, as its post);
 * 403 when it is visible but someone else's.
 */
async function ownComment(tx: Tx, user: SessionUser, id: number) {
  const [row] = await queryRows<{ id: number; post_id: number; user_id: number }>(
    tx,
    sql`SELECT c.id, c.post_id, c.user_id FROM post_comments c JOIN posts p ON p.id = c.post_id
      WHERE c.id = ${id} AND ${visibleTo(user, sql`p.branch_id`)}
      FOR UPDATE OF c`,
  );
  if (!row) throw notFound(APP_MSG.commentNotFound);
  if (row.user_id !== user.id) throw new HttpError(403, APP_MSG.commentNotYours);
  return row;
}

/** A seller's own comments: edit the text, or delete it (the post's count follows, in the app and the panel). */
export const appCommentEditRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const data = await app.db.transaction(async (tx) => {
        const own = await ownComment(tx, user, request.params.id);
        const [row] = await queryRows<{
          id: number;
          content: string;
          created_at: Date | string;
          edited_at: Date | string;
        }>(
          tx,
          sql`UPDATE post_comments SET content = ${request.body.content}, edited_at = ${app.now().toISOString()}::timestamptz
            WHERE id = ${own.id} RETURNING id, content, created_at, edited_at`,
        );
        return {
          id: row!.id,
          post_id: own.post_id,
          content: row!.content,
          user_id: user.id,
          user_name: user.name,
          user_avatar: user.avatar_url,
          mine: true,
          created_at: iso(row!.created_at),
          edited_at: iso(row!.edited_at),
        };
      });
      return { data };
    },
  );

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
