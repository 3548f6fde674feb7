import type { TListMeta, TPost, ZPostListQuery } from '@panel/shared';
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { rowCounts } from '../../db/schema/counts.ts';
import { posts } from '../../db/schema/posts.ts';
import { containsFolded, fetchPage, likePattern, parseSort, reusedQuery } from '../../lib/list-query.ts';
import { scopeBranch } from '../auth/branch-scope.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { commentsCount, likesCount, selectPosts, toPostDtos } from './post-dto.ts';

const SORT_COLUMNS = {
  created_at: sql`${posts.createdAt}`,
  likes_count: likesCount,
  comments_count: commentsCount,
} satisfies Record<string, SQL>;

/** A page of the panel's posts list: the rows as answered, the list's meta, and the next keyset cursor. */
export interface PostsPage {
  data: TPost[];
  meta: TListMeta;
  /** Only for newest first (the keyset order): `null` on the last page. */
  nextCursor?: string | null;
}

/**
 * The panel's posts list (GET /api/posts): filters, sort, offset pages, and, newest first, keyset
 * pages after `after` (a decoded `cursor`). Each shape of the query is a reused prepared statement;
 * the total of an unfiltered list is the count the triggers keep (row_counts), not a count of the table.
 * A branch manager's list holds their branch's posts only (not those to every branch).
 */
export async function selectPostsPage(
  db: Db,
  query: z.output<typeof ZPostListQuery>,
  after: { createdAt: string; id: number } | null,
  encodeCursor: (at: string, id: number) => string,
  user: SessionUser,
): Promise<PostsPage> {
  const scope = scopeBranch(user);
  const sort = postsSort(query.sort);
  const keyset = sort.keyset;
  const shape: PostListShape = {
    q: Boolean(query.q),
    branch: query.branch_id === undefined ? 'any' : query.branch_id === 0 ? 'none' : 'one',
    sort: sort.key,
    desc: sort.desc,
    after: after !== null,
    scoped: scope !== null,
  };
  const values = {
    q: query.q ? likePattern(query.q) : undefined,
    branch_id: query.branch_id,
    after_at: after?.createdAt,
    after_id: after?.id,
    scope_branch: scope ?? undefined,
  };
  const key = `${shape.q}:${shape.branch}:${shape.sort}:${shape.desc}:${shape.after}:${shape.scoped}`;
  const { rows, meta } = await fetchPage(
    query,
    ({ limit, offset }) =>
      reusedQuery(db, `posts:page:${key}`, (d) => postsPage(d, shape)).execute({
        ...values,
        limit: keyset ? limit + 1 : limit,
        offset: after ? 0 : offset,
      }),
    reusedQuery(db, `posts:total:${key}`, (d) => postsTotal(d, shape)).execute(values),
  );
  const page = rows.slice(0, query.per_page);
  const last = page.at(-1);
  const data = await toPostDtos(db, page);
  if (!keyset) return { data, meta };
  return {
    data,
    meta,
    nextCursor: rows.length > query.per_page && last ? encodeCursor(last.cursorAt, last.id) : null,
  };
}

/** The list's sort (`sort`, newest first by default) and whether it pages by keyset (newest first). */
export function postsSort(sort: string | undefined) {
  const parsed = parseSort<keyof typeof SORT_COLUMNS>(sort, 'created_at', true);
  return { ...parsed, keyset: parsed.key === 'created_at' && parsed.desc };
}

/** What changes the list's SQL: the filters present, the sort, and whether a cursor is given. */
interface PostListShape {
  q: boolean;
  branch: 'any' | 'none' | 'one';
  sort: keyof typeof SORT_COLUMNS;
  desc: boolean;
  after: boolean;
  /** A branch manager's list: their branch only (the value is a placeholder, the statement is shared). */
  scoped: boolean;
}

function postsWhere(shape: PostListShape): SQL | undefined {
  const conditions: SQL[] = [];
  if (shape.q) conditions.push(containsFolded(posts.contentKey, sql.placeholder('q')));
  if (shape.branch === 'none') conditions.push(isNull(posts.branchId));
  if (shape.branch === 'one') conditions.push(eq(posts.branchId, sql.placeholder('branch_id')));
  // inBranchScope's rule (services/auth/branch-scope.ts) with a placeholder for the branch: a reused
  // statement must not carry one manager's branch to the next.
  if (shape.scoped) conditions.push(eq(posts.branchId, sql.placeholder('scope_branch')));
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
  if (!shape.q && shape.branch === 'any' && !shape.scoped) {
    return db.select({ n: rowCounts.n }).from(rowCounts).where(eq(rowCounts.name, 'posts'));
  }
  return db.select({ n: count() }).from(posts).where(postsWhere(shape));
}
