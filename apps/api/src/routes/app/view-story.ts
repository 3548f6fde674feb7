import { APP_MSG, ZAppStoryView } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { storyViews } from '../../db/schema/stories.ts';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { awardQuietly } from '../../services/points/award.ts';
import { storyIsActive } from '../../services/stories/expiry.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG, iso, visibleTo } from './app-scope.ts';

export const viewStoryRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/app/stories/:id/view',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Marcar una historia como vista',
        description:
          'Una vez por vendedor: las vistas siguientes conservan la hora de la primera. La primera otorga `view_story`.',
        params: ZRouteId,
        response: { 200: ZAppStoryView, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const storyId = request.params.id;
      const now = app.now();
      return app.db.transaction(async (tx) => {
        const [story] = await queryRows<{ id: number }>(
          tx,
          sql`SELECT s.id FROM stories s
            WHERE s.id = ${storyId} AND ${storyIsActive('s', now)} AND ${visibleTo(user, sql`s.branch_id`)}`,
        );
        if (!story) throw notFound(APP_MSG.storyNotFound);
        const inserted = await tx
          .insert(storyViews)
          .values({ storyId, userId: user.id, viewedAt: now })
          .onConflictDoNothing()
          .returning({ viewedAt: storyViews.viewedAt });
        let viewedAt = inserted[0]?.viewedAt;
        let points = 0;
        if (viewedAt) {
          const result = await awardQuietly(
            tx,
            { userId: user.id, actionKey: 'view_story', reference: { type: 'story', id: storyId }, now },
            request.log,
          );
          if (result?.awarded) points = result.points;
        } else {
          const [first] = await queryRows<{ viewed_at: Date | string }>(
            tx,
            sql`SELECT viewed_at FROM story_views WHERE story_id = ${storyId} AND user_id = ${user.id}`,
          );
          viewedAt = new Date(first!.viewed_at);
        }
        return { data: { story_id: storyId, viewed_at: iso(viewedAt), points_awarded: points } };
      });
    },
  );
};
