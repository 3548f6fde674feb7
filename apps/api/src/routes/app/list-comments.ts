import { makeListResponse, ZAppCommentItem, ZAppPageQuery } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { fetchPage } from '../../lib/list-query.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG, iso } from './app-scope.ts';
import { assertPostVisible } from './post-access.ts';

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
      const postId = request.params.id;
      await assertPostVisible(app.db, user, postId);
      const { rows, meta } = await fetchPage(
        request.query,
        ({ limit, offset }) =>
          queryRows<{
            id: number;
            content: string;
            user_id: number;
            user_name: string;
            user_avatar: string | null;
            created_at: Date | string;
            edited_at: Date | string | null;
          }>(
            app.db,
            sql`SELECT c.id, c.content, c.user_id, u.name AS user_name, u.avatar_url AS user_avatar, c.created_at,
                c.edited_at
              FROM post_comments c JOIN users u ON u.id = c.user_id
              WHERE c.post_id = ${postId}
              ORDER BY c.created_at ASC, c.id ASC LIMIT ${limit} OFFSET ${offset}`,
          ),
        queryRows<{ n: number }>(
          app.db,
          sql`SELECT count(*)::int AS n FROM post_comments WHERE post_id = ${postId}`,
        ),
      );
      return {
        data: rows.map((c) => ({
          id: c.id,
          post_id: postId,
          content: c.content,
          user_id: c.user_id,
          user_name: c.user_name,
          user_avatar: c.user_avatar,
          mine: c.user_id === user.id,
          created_at: iso(c.created_at),
          edited_at: c.edited_at === null ? null : iso(c.edited_at),
        })),
        meta,
      };
    },
  );
};
