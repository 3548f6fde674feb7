import { APP_MSG, ZAppFeed, ZAppFeedQuery } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { fileUrl } from '../../services/storage/file-url.ts';
import { errors } from '../schemas.ts';
import { APP_TAG, iso, visibleTo } from './app-scope.ts';

interface FeedRow {
  id: number;
  content: string;
  user_name: string;
  user_avatar: string | null;
  branch_id: number | null;
  branch_name: string | null;
  created_at: Date | string;
  cursor_at: string;
  likes_count: number;
  comments_count: number;
  liked_by_me: boolean;
  images: { id: number; storage_key: string; thumb_key: string | null }[] | string;
}

/** The cursor is the last row's exact (created_at, id), so rows created meanwhile never shift a page. */
export function encodeCursor(createdAt: string, id: number): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: string; id: number } | null {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt))) return null;
    if (!Number.isSafeInteger(id) || (id as number) < 1 || (id as number) > 2_147_483_647) return null;
    return { createdAt, id: id as number };
  } catch {
    return null;
  }
}

export const getFeedRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/feed',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Muro de publicaciones',
        description:
          'Publicaciones de la sucursal del vendedor y las de todas las sucursales, de la más nueva a la más vieja. ' +
          'Paginación por cursor: pasá `meta.next_cursor` como `cursor` para la página siguiente (null: no hay más).',
        querystring: ZAppFeedQuery,
        response: { 200: ZAppFeed, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { per_page: perPage, cursor } = request.query;
      let after = sql`true`;
      if (cursor) {
        const position = decodeCursor(cursor);
        if (!position) throw fieldError('cursor', APP_MSG.invalidCursor);
        after = sql`(p.created_at, p.id) < (${position.createdAt}::timestamptz, ${position.id})`;
      }
      const rows = await queryRows<FeedRow>(
        app.db,
        sql`SELECT p.id, p.content, u.name AS user_name, u.avatar_url AS user_avatar,
            p.branch_id, b.name AS branch_name, p.created_at, p.created_at::text AS cursor_at,
            (SELECT count(*)::int FROM post_likes l WHERE l.post_id = p.id) AS likes_count,
            (SELECT count(*)::int FROM post_comments c WHERE c.post_id = p.id) AS comments_count,
            EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ${user.id}) AS liked_by_me,
            COALESCE((SELECT json_agg(json_build_object('id', i.id, 'storage_key', i.storage_key, 'thumb_key', i.thumb_key)
                ORDER BY i.position) FROM post_images i WHERE i.post_id = p.id), '[]'::json) AS images
          FROM posts p
          JOIN users u ON u.id = p.user_id
          LEFT JOIN branches b ON b.id = p.branch_id
          WHERE ${visibleTo(user, sql`p.branch_id`)} AND ${after}
          ORDER BY p.created_at DESC, p.id DESC
          LIMIT ${perPage + 1}`,
      );
      const page = rows.slice(0, perPage);
      const last = page.at(-1);
      return {
        data: page.map((row) => {
          const images = typeof row.images === 'string' ? JSON.parse(row.images) : row.images;
          return {
            id: row.id,
            content: row.content,
            user_name: row.user_name,
            user_avatar: row.user_avatar,
            branch_id: row.branch_id,
            branch_name: row.branch_name,
            images: (images as Exclude<FeedRow['images'], string>).map((image) => ({
              id: image.id,
              url: fileUrl(image.storage_key),
              thumb_url: fileUrl(image.thumb_key ?? image.storage_key),
            })),
            likes_count: Number(row.likes_count),
            comments_count: Number(row.comments_count),
            liked_by_me: Boolean(row.liked_by_me),
            created_at: iso(row.created_at),
          };
        }),
        meta: {
          per_page: perPage,
          next_cursor: rows.length > perPage && last ? encodeCursor(last.cursor_at, last.id) : null,
        },
      };
    },
  );
};
