import { MEDIA_MSG, makeListQuery, makeListResponse, ZPostComment, ZPostLike } from '@panel/shared';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { postComments, postLikes, posts } from '../../db/schema/posts.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/http-errors.ts';
import { listMeta, pageWindow, parseSort } from '../../lib/list-query.ts';
import { errors, ZRouteId } from '../schemas.ts';

const ZReactionQuery = makeListQuery(['created_at'] as const);

async function requirePost(db: Db, id: number) {
  const [found] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, id));
  if (!found) throw notFound(MEDIA_MSG.postNotFound);
}

/** The "Me gusta (N)" and "Comentarios (N)" modals: who reacted, newest first by default. */
export const listPostReactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/posts/:id/likes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['publicaciones'],
        summary: 'Me gusta de una publicación',
        params: ZRouteId,
        querystring: ZReactionQuery,
        response: { 200: makeListResponse(ZPostLike), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requirePost(app.db, id);
      const query = request.query;
      const direction = parseSort(query.sort, 'created_at').desc || !query.sort ? desc : asc;
      const { limit, offset } = pageWindow(query);
      const [rows, [total]] = await Promise.all([
        app.db
          .select({
            id: postLikes.id,
            user_id: users.id,
            user_name: users.name,
            user_avatar: users.avatarUrl,
            createdAt: postLikes.createdAt,
          })
          .from(postLikes)
          .innerJoin(users, eq(users.id, postLikes.userId))
          .where(eq(postLikes.postId, id))
          .orderBy(direction(postLikes.createdAt), direction(postLikes.id))
          .limit(limit)
          .offset(offset),
        app.db.select({ n: count() }).from(postLikes).where(eq(postLikes.postId, id)),
      ]);
      return {
        data: rows.map(({ createdAt, ...r }) => ({ ...r, created_at: createdAt.toISOString() })),
        meta: listMeta(query, total?.n ?? 0),
      };
    },
  );

  app.get(
    '/api/posts/:id/comments',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['publicaciones'],
        summary: 'Comentarios de una publicación',
        params: ZRouteId,
        querystring: ZReactionQuery,
        response: { 200: makeListResponse(ZPostComment), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requirePost(app.db, id);
      const query = request.query;
      const direction = parseSort(query.sort, 'created_at').desc || !query.sort ? desc : asc;
      const { limit, offset } = pageWindow(query);
      const [rows, [total]] = await Promise.all([
        app.db
          .select({
            id: postComments.id,
            user_id: users.id,
            user_name: users.name,
            user_avatar: users.avatarUrl,
            content: postComments.content,
            createdAt: postComments.createdAt,
          })
          .from(postComments)
          .innerJoin(users, eq(users.id, postComments.userId))
          .where(eq(postComments.postId, id))
          .orderBy(direction(postComments.createdAt), direction(postComments.id))
          .limit(limit)
          .offset(offset),
        app.db.select({ n: count() }).from(postComments).where(eq(postComments.postId, id)),
      ]);
      return {
        data: rows.map(({ createdAt, ...r }) => ({ ...r, created_at: createdAt.toISOString() })),
        meta: listMeta(query, total?.n ?? 0),
      };
    },
  );
};
