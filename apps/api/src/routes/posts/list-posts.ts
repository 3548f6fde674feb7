import { APP_MSG, makeListResponse, ZPost, ZPostListQuery } from '@panel/shared';
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { rowCount } from '../../db/row-counts.ts';
import { posts } from '../../db/schema/posts.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.ts';
import { containsFolded, fetchPage, parseSort } from '../../lib/list-query.ts';
import { errors } from '../schemas.ts';
import { commentsCount, likesCount, selectPosts, toPostDtos } from './post-dto.ts';

const SORT_COLUMNS = {
  created_at: sql`${posts.createdAt}`,
  likes_count: likesCount,
  comments_count: commentsCount,
} satisfies Record<string, SQL>;

export const listPostsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/posts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['publicaciones'],
        summary: 'Listar publicaciones',
        description:
          '`q` busca en el contenido sin distinguir mayúsculas ni acentos. `branch_id`: 0 = las de todas las sucursales. ' +
          'Por defecto, las más nuevas primero.',
        querystring: ZPostListQuery,
        response: { 200: makeListResponse(ZPost), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const conditions: SQL[] = [];
      if (query.q) conditions.push(containsFolded(posts.contentKey, query.q));
      if (query.branch_id !== undefined) {
        conditions.push(query.branch_id === 0 ? isNull(posts.branchId) : eq(posts.branchId, query.branch_id));
      }
      const where = and(...conditions);
      const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'created_at', true);
      const direction = sort.desc ? desc : asc;
      // Newest first pages by keyset too: `cursor` (meta.next_cursor) reaches any depth at the cost of page 1.
      const keyset = sort.key === 'created_at' && sort.desc;
      let after: SQL | undefined;
      if (query.cursor) {
        const position = keyset ? decodeKeyset(query.cursor) : null;
        if (!position) throw fieldError('cursor', APP_MSG.invalidCursor);
        after = sql`(${posts.createdAt}, ${posts.id}) < (${position.createdAt}::timestamptz, ${position.id})`;
      }
      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          selectPosts(app.db)
            .where(and(where, after))
            .orderBy(direction(SORT_COLUMNS[sort.key]), direction(posts.id))
            .limit(keyset ? limit + 1 : limit)
            .offset(after ? 0 : offset),
        // Every post: the count the triggers keep (row_counts), instead of counting 100 000 rows.
        conditions.length === 0
          ? queryRows<{ n: number | string }>(app.db, sql`SELECT ${rowCount('posts')} AS n`)
          : app.db.select({ n: count() }).from(posts).where(where),
      );
      const page = rows.slice(0, query.per_page);
      const last = page.at(-1);
      const nextCursor =
        keyset && rows.length > query.per_page && last ? encodeKeyset(last.cursorAt, last.id) : null;
      return {
        data: await toPostDtos(app.db, page),
        meta: { ...meta, ...(keyset ? { next_cursor: nextCursor } : {}) },
      };
    },
  );
};
