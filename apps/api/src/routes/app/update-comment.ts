import { makeItemResponse, ZAppCommentEdit, ZAppCommentItem } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG, iso } from './app-scope.ts';

import { ownComment } from './own-comment.ts';

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
};
