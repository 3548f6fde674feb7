import { APP_MSG, makeListResponse, ZPost, ZPostListQuery } from '@panel/shared';
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, Tx } from '../../db/client.ts';
import { rowCounts } from '../../db/schema/counts.ts';
import { posts } from '../../db/schema/posts.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.ts';
import { containsFolded, fetchPage, likePattern, parseSort, reusedQuery } from '../../lib/list-query.ts';
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
      const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'created_at', true);
      // Newest first pages by keyset too: `cursor` (meta.next_cursor) reaches any depth at the cost of page 1.
      const keyset = sort.key === 'created_at' && sort.desc;
      let after: { createdAt: string; id: number } | null = null;
      if (query.cursor) {
        after = keyset ? decodeKeyset(query.cursor) : null;
        if (!after) throw fieldError('cursor', APP_MSG.invalidCursor);
      }
      const shape: PostListShape = {
        q: Boolean(query.q),
        branch: query.branch_id === undefined ? 'any' : query.branch_id === 0 ? 'none' : 'one',
        sort: sort.key,
        desc: sort.desc,
        after: after !== null,
      };
      const values = {
        q: query.q ? likePattern(query.q) : undefined,
        branch_id: query.branch_id,
        after_at: after?.createdAt,
        after_id: after?.id,
      };
      const key = `${shape.q}:${shape.branch}:${shape.sort}:${shape.desc}:${shape.after}`;
      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          reusedQuery(app.db, `posts:page:${key}`, (db) => postsPage(db, shape)).execute({
            ...values,
            limit: keyset ? limit + 1 : limit,
            offset: after ? 0 : offset,
          }),
        reusedQuery(app.db, `posts:total:${key}`, (db) => postsTotal(db, shape)).execute(values),
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

/** What changes the list's SQL: the filters present, the sort, and whether a cursor is given. */
interface PostListShape {
  q: boolean;
  branch: 'any' | 'none' | 'one';
  sort: keyof typeof SORT_COLUMNS;
  desc: boolean;
  after: boolean;
}

function postsWhere(shape: PostListShape): SQL | undefined {
  const conditions: SQL[] = [];
  if (shape.q) conditions.push(containsFolded(posts.contentKey, sql.placeholder('q')));
  if (shape.branch === 'none') conditions.push(isNull(posts.branchId));
  if (shape.branch === 'one') conditions.push(eq(posts.branchId, sql.placeholder('branch_id')));
  return and(...conditions);
}

/** One page, with placeholders for the filters' values, the cursor, limit and offset. */
function postsPage(db: Db | Tx, shape: PostListShape) {
  const direction = shape.desc ? desc : asc;
  const after = shape.after
    ? sql`(${posts.createdAt}, ${posts.id}) < (${sql.placeholder('after_at')}::timestamptz, ${sql.placeholder('after_id')})`
    : undefined;
  return selectPosts(db)
    .where(and(postsWhere(shape), after))
    .orderBy(direction(SORT_COLUMNS[shape.sort]), direction(posts.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/** Every post: the count the triggers keep (row_counts), instead of counting 100 000 rows. */
function postsTotal(db: Db | Tx, shape: PostListShape) {
  if (!shape.q && shape.branch === 'any') {
    return db.select({ n: rowCounts.n }).from(rowCounts).where(eq(rowCounts.name, 'posts'));
  }
  return db.select({ n: count() }).from(posts).where(postsWhere(shape));
}
