import { makeListResponse, ZAppPageQuery, ZAppStory } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { fetchPage } from '../../lib/list-query.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { fileUrl } from '../../services/storage/file-url.ts';
import { storyExpiresAtOf, storyIsActive } from '../../services/stories/expiry.ts';
import { errors } from '../schemas.ts';
import { APP_TAG, iso, visibleTo } from './app-scope.ts';

interface StoryRow {
  id: number;
  title: string;
  image_key: string;
  thumb_key: string | null;
  user_name: string;
  branch_id: number | null;
  branch_name: string | null;
  created_at: Date | string;
  starts_at: Date | string | null;
  expires_at: Date | string;
  viewed_by_me: boolean;
}

export const listAppStoriesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/stories',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Historias activas',
        description:
          'Las activas (activas, ya empezadas y sin vencer) de la sucursal del vendedor y de todas, la más nueva primero. ' +
          '`expires_at`: `ends_at`, o 24 h después de `starts_at` (de creada, si no tiene inicio).',
        querystring: ZAppPageQuery,
        response: { 200: makeListResponse(ZAppStory), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const where = sql`${storyIsActive('s', app.now())} AND ${visibleTo(user, sql`s.branch_id`)}`;
      const { rows, meta } = await fetchPage(
        request.query,
        ({ limit, offset }) =>
          queryRows<StoryRow>(
            app.db,
            sql`SELECT s.id, s.title, s.image_key, s.thumb_key, u.name AS user_name, s.branch_id, b.name AS branch_name,
              s.created_at, s.starts_at, ${storyExpiresAtOf('s')} AS expires_at,
              EXISTS (SELECT 1 FROM story_views v WHERE v.story_id = s.id AND v.user_id = ${user.id}) AS viewed_by_me
            FROM stories s JOIN users u ON u.id = s.created_by LEFT JOIN branches b ON b.id = s.branch_id
            WHERE ${where}
            ORDER BY s.created_at DESC, s.id DESC LIMIT ${limit} OFFSET ${offset}`,
          ),
        queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM stories s WHERE ${where}`),
      );
      return {
        data: rows.map((s) => ({
          id: s.id,
          title: s.title,
          image_url: fileUrl(s.image_key),
          thumb_url: s.thumb_key ? fileUrl(s.thumb_key) : null,
          user_name: s.user_name,
          branch_id: s.branch_id,
          branch_name: s.branch_name,
          created_at: iso(s.created_at),
          starts_at: s.starts_at ? iso(s.starts_at) : null,
          expires_at: iso(s.expires_at),
          viewed_by_me: Boolean(s.viewed_by_me),
        })),
        meta,
      };
    },
  );
};
