import { MEDIA_MSG, makeListQuery, makeListResponse, ZStoryViewer } from '@panel/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stories, storyViews } from '../../db/schema/stories.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/http-errors.ts';
import { fetchPage } from '../../lib/list-query.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { storiesInScope } from '../../services/stories/stories.ts';
import { errors, ZRouteId } from '../schemas.ts';

const ZViewersQuery = makeListQuery(['viewed_at'] as const);

export const listStoryViewersRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stories/:id/viewers',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['historias'],
        summary: 'Quiénes vieron una historia',
        description:
          'Los más recientes primero. 404 si no existe o, para un encargado, si no es de su sucursal.',
        params: ZRouteId,
        querystring: ZViewersQuery,
        response: { 200: makeListResponse(ZStoryViewer), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [found] = await app.db
        .select({ id: stories.id })
        .from(stories)
        .where(and(eq(stories.id, id), storiesInScope(requireAuth(request).user)));
      if (!found) throw notFound(MEDIA_MSG.storyNotFound);
      const query = request.query;
      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          app.db
            .select({
              id: users.id,
              name: users.name,
              avatar: users.avatarUrl,
              viewedAt: storyViews.viewedAt,
            })
            .from(storyViews)
            .innerJoin(users, eq(users.id, storyViews.userId))
            .where(eq(storyViews.storyId, id))
            .orderBy(desc(storyViews.viewedAt), desc(storyViews.id))
            .limit(limit)
            .offset(offset),
        app.db.select({ n: count() }).from(storyViews).where(eq(storyViews.storyId, id)),
      );
      return {
        data: rows.map(({ viewedAt, ...r }) => ({ ...r, viewed_at: viewedAt.toISOString() })),
        meta,
      };
    },
  );
};
