import { MEDIA_MSG, makeListQuery, makeListResponse, ZPostComment, ZPostLike } from '@panel/shared';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { postComments, postLikes, posts } from '../../db/schema/posts.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/http-errors.ts';
import { fetchPage, parseSort } from '../../lib/list-query.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { inBranchScope } from '../../services/auth/branch-scope.ts';
import type { SessionUser } from '../../services/auth/sessions.ts';
import { errors, ZRouteId } from '../schemas.ts';

const ZReactionQuery = makeListQuery(['created_at'] as const);

/** The post, if `user` may see it (a manager: their branch's only); 404 otherwise. */
async function requirePost(db: Db, id: number, user: SessionUser) {
  const [found] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, id), inBranchScope(user, sql`${posts.branchId}`)));
  if (!found) throw notFound(MEDIA_MSG.postNotFound);
}

/** A like and a comment are the same record (who, when), the comment with its text. */
const REACTIONS = [
  { path: 'likes', summary: 'Me gusta de una publicación', item: ZPostLike, table: postLikes, extra: {} },
  {
    path: 'comments',
    summary: 'Comentarios de una publicación',
    item: ZPostComment,
    table: postComments,
    extra: { content: postComments.content },
  },
] as const;

/** The "Me gusta (N)" and "Comentarios (N)" modals: who reacted, newest first by default. */
export const listPostReactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { path, summary, item, table, extra } of REACTIONS) {
    app.get(
      `/api/posts/:id/${path}`,
      {
        config: { access: 'panel' },
        schema: {
          tags: ['publicaciones'],
          summary,
          params: ZRouteId,
          querystring: ZReactionQuery,
          response: { 200: makeListResponse(item), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { id } = request.params;
        await requirePost(app.db, id, requireAuth(request).user);
        const query = request.query;
        const direction = parseSort(query.sort, 'created_at', true).desc ? desc : asc;
        const { rows, meta } = await fetchPage(
          query,
          ({ limit, offset }) =>
            app.db
              .select({
                id: table.id,
                user_id: users.id,
                user_name: users.name,
                user_avatar: users.avatarUrl,
                ...extra,
                createdAt: table.createdAt,
              })
              .from(table)
              .innerJoin(users, eq(users.id, table.userId))
              .where(eq(table.postId, id))
              .orderBy(direction(table.createdAt), direction(table.id))
              .limit(limit)
              .offset(offset),
          app.db.select({ n: count() }).from(table).where(eq(table.postId, id)),
        );
        return {
          data: rows.map(({ createdAt, ...r }) => ({ ...r, created_at: createdAt.toISOString() })),
          meta,
        };
      },
    );
  }
};
