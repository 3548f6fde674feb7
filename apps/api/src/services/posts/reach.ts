import { MEDIA_MSG, type TPostReach, type TPostViewer, type ZPostViewersQuery } from '@panel/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import { intArray } from '../../lib/int-array.ts';
import { fetchPage } from '../../lib/list-query.ts';
import { inBranchScope } from '../auth/branch-scope.ts';
import type { SessionUser } from '../auth/sessions.ts';

/**
 * A post's audience (docs/product.md#posts, "Vista por N de M"): the active sellers who see it, those
 * of its branch, or every one for a post to all branches. `user` is the users alias, `branch` the
 * post's branch_id (SQL). The one definition for the list's counts, the reach and the viewers.
 */
function inAudience(user: string, branch: SQL): SQL {
  const u = (column: string) => sql.raw(`${user}.${column}`);
  return sql`(${u('role')} = 'seller' AND ${u('active')} AND (${branch} IS NULL OR ${u('branch_id')} = ${branch}))`;
}

/**
 * The panel list's "Vista por N de M" for a page of posts, in two small statements whatever the page's
 * size or its posts' views: N is the count the triggers keep (post_view_counts, migration 0023, the
 * rule of inAudience), M the active sellers per branch read from their partial index. A post with no
 * audience or no view answers 0.
 */
export async function reachCounts(
  db: Db | Tx,
  page: readonly { id: number; branchId: number | null }[],
): Promise<Map<number, { seen: number; audience: number }>> {
  const [perBranch, seen] = await Promise.all([
    queryRows<{ branch_id: number | null; n: number }>(
      db,
      sql`SELECT branch_id, count(*)::int AS n FROM users WHERE role = 'seller' AND active GROUP BY branch_id`,
    ),
    queryRows<{ post_id: number; seen: number }>(
      db,
      sql`SELECT post_id, sum(seen)::int AS seen FROM post_view_counts
        WHERE post_id = ANY(${intArray(page.map((p) => p.id))}::int[]) GROUP BY post_id`,
    ),
  ]);
  const everyone = perBranch.reduce((sum, r) => sum + r.n, 0);
  const ofBranch = new Map(perBranch.map((r) => [r.branch_id, r.n]));
  const seenOf = new Map(seen.map((r) => [r.post_id, r.seen]));
  return new Map(
    page.map((p) => [
      p.id,
      {
        seen: seenOf.get(p.id) ?? 0,
        audience: p.branchId === null ? everyone : (ofBranch.get(p.branchId) ?? 0),
      },
    ]),
  );
}

/** N counted from the rows, as the triggers' count must be (the tests compare them). */
export async function countedSeen(db: Db | Tx, postId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM post_views v JOIN posts p ON p.id = v.post_id JOIN users u ON u.id = v.user_id
      WHERE v.post_id = ${postId} AND ${inAudience('u', sql`p.branch_id`)}`,
  );
  return row?.n ?? 0;
}

/** The post's branch, if `user` may see the post (a manager: their branch's only); 404 otherwise. */
async function requirePostBranch(db: Db, id: number, user: SessionUser): Promise<number | null> {
  const [found] = await queryRows<{ branch_id: number | null }>(
    db,
    sql`SELECT p.branch_id FROM posts p WHERE p.id = ${id} AND ${inBranchScope(user, sql`p.branch_id`)}`,
  );
  if (!found) throw notFound(MEDIA_MSG.postNotFound);
  return found.branch_id;
}

/**
 * GET /api/posts/{id}/reach: seen and audience, as a whole and per branch (by name); 404 when there is no
 * such post. Read from the counts alone: the active sellers per branch (their partial index) and the
 * kept views per branch (post_view_counts), a row per branch whatever the post's views. A branch
 * manager reaches their branch's posts only (404 for the others).
 */
export async function postReach(db: Db, id: number, user: SessionUser): Promise<TPostReach> {
  const branch = await requirePostBranch(db, id, user);
  const rows = await queryRows<{
    branch_id: number | null;
    branch_name: string | null;
    seen: number;
    audience: number;
  }>(
    db,
    sql`SELECT a.branch_id, b.name AS branch_name, a.n AS audience, COALESCE(c.seen, 0)::int AS seen
      FROM (SELECT u.branch_id, count(*)::int AS n FROM users u
        WHERE ${inAudience('u', sql`${branch}::int`)} GROUP BY u.branch_id) a
      LEFT JOIN branches b ON b.id = a.branch_id
      LEFT JOIN post_view_counts c ON c.post_id = ${id} AND c.branch_key = COALESCE(a.branch_id, 0)
      ORDER BY b.name NULLS LAST`,
  );
  return {
    seen: rows.reduce((sum, r) => sum + r.seen, 0),
    audience: rows.reduce((sum, r) => sum + r.audience, 0),
    // A seller without a branch sees the posts to every branch: counted in the totals only.
    by_branch: rows.flatMap((r) =>
      r.branch_id === null || r.branch_name === null
        ? []
        : [{ branch_id: r.branch_id, branch_name: r.branch_name, seen: r.seen, audience: r.audience }],
    ),
  };
}

interface ViewerRow {
  user_id: number;
  name: string;
  email: string;
  branch_name: string | null;
  viewed_at: Date | string | null;
}

/**
 * GET /api/posts/{id}/viewers: the post's audience who saw it ("Vieron", newest view first: the
 * (post_id, viewed_at) index walked backwards) or who has not yet ("No vieron", by name: the people
 * to nudge), a page at a time; 404 when there is no such post or `user` (a manager) may not see it.
 */
export async function postViewers(
  db: Db,
  id: number,
  query: z.output<typeof ZPostViewersQuery>,
  user: SessionUser,
) {
  const branch = await requirePostBranch(db, id, user);
  const audience = inAudience('u', sql`${branch}::int`);
  const seen = query.seen === 'true';
  const from = seen
    ? sql`FROM post_views v JOIN users u ON u.id = v.user_id WHERE v.post_id = ${id} AND ${audience}`
    : sql`FROM users u WHERE ${audience}
        AND NOT EXISTS (SELECT 1 FROM post_views v WHERE v.post_id = ${id} AND v.user_id = u.id)`;
  const { rows, meta } = await fetchPage(
    query,
    ({ limit, offset }) =>
      queryRows<ViewerRow>(
        db,
        sql`SELECT page.*, b.name AS branch_name FROM (
            SELECT u.id AS user_id, u.name, u.email, u.branch_id, u.name_key,
              ${seen ? sql`v.viewed_at` : sql`NULL::timestamptz`} AS viewed_at
            ${from}
            ORDER BY ${seen ? sql`v.viewed_at DESC, u.id DESC` : sql`u.name_key, u.id`}
            LIMIT ${limit} OFFSET ${offset}
          ) page LEFT JOIN branches b ON b.id = page.branch_id
          ORDER BY ${seen ? sql`page.viewed_at DESC, page.user_id DESC` : sql`page.name_key, page.user_id`}`,
      ),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from}`),
  );
  const data: TPostViewer[] = rows.map((r) => ({
    user_id: r.user_id,
    name: r.name,
    email: r.email,
    branch_name: r.branch_name,
    viewed_at: r.viewed_at === null ? null : new Date(r.viewed_at).toISOString(),
  }));
  return { data, meta };
}
