import { APP_MSG, ZAppFeed, ZAppFeedQuery } from '@panel/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError } from '../../lib/http-errors.ts';
import { likePattern } from '../../lib/list-query.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errors } from '../schemas.ts';
import { queryAppPosts, withoutCursor } from './app-posts.ts';
import { APP_TAG } from './app-scope.ts';

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

/**
 * Inicio's search: the text (posts.content_key, trigram index) or the author's name (users.name_key,
 * trigram index), folded the same way (lower case, no accents). The authors are looked up first into
 * an array, so both halves can use an index (a BitmapOr) instead of a join filtered row by row.
 */
function matches(q: string): SQL {
  const pattern = likePattern(q);
  return sql`(p.content_key LIKE f_unaccent(${pattern})
    OR p.user_id = ANY (ARRAY(SELECT a.id FROM users a WHERE a.name_key LIKE f_unaccent(${pattern}))))`;
}

export const getFeedRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/feed',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Muro de publicaciones (y su búsqueda)',
        description:
          'Publicaciones de la sucursal del vendedor y las de todas las sucursales, de la más nueva a la más vieja. ' +
          'Paginación por cursor: pasá `meta.next_cursor` como `cursor` para la página siguiente (null: no hay más). ' +
          '`q` busca entre esas mismas publicaciones por texto o por nombre de quien publicó, sin distinguir ' +
          'mayúsculas ni acentos.',
        querystring: ZAppFeedQuery,
        response: { 200: ZAppFeed, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { per_page: perPage, cursor, q } = request.query;
      let after = sql`true`;
      if (cursor) {
        const position = decodeCursor(cursor);
        if (!position) throw fieldError('cursor', APP_MSG.invalidCursor);
        after = sql`(p.created_at, p.id) < (${position.createdAt}::timestamptz, ${position.id})`;
      }
      const rows = await queryAppPosts(
        app.db,
        user,
        q ? sql`${after} AND ${matches(q)}` : after,
        perPage + 1,
      );
      const page = rows.slice(0, perPage);
      const last = page.at(-1);
      return {
        data: page.map(withoutCursor),
        meta: {
          per_page: perPage,
          next_cursor: rows.length > perPage && last ? encodeCursor(last.cursor_at, last.id) : null,
        },
      };
    },
  );
};
