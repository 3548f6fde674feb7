import { INACTIVE_DAYS, INACTIVE_PER_PAGE, type TInactiveSeller, type TListMeta } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { addDays, isoDay, localDay } from '../../lib/business-time.ts';
import { listMeta, pageWindow } from '../../lib/list-query.ts';

/**
 * Active sellers without a visit to the app in the last INACTIVE_DAYS business days (today included),
 * by branch name, then name: the list a manager calls. Each seller's last visit is kept by a trigger on
 * app_visits (`app_last_visits`, migration 0027): one hash join instead of a look-up per seller.
 * A branch manager's `branch_id` is their own branch (the route's branchFilter).
 */
export async function inactiveSellers(
  db: Db,
  query: { branch_id?: number; page: number },
  now: Date,
  timeZone: string,
): Promise<{ data: TInactiveSeller[]; meta: TListMeta }> {
  const cutoff = isoDay(addDays(localDay(now, timeZone), 1 - INACTIVE_DAYS));
  const paging = { page: query.page, per_page: INACTIVE_PER_PAGE };
  const { limit, offset } = pageWindow(paging);
  const branch = query.branch_id === undefined ? sql`true` : sql`u.branch_id = ${query.branch_id}`;
  const rows = await queryRows<{
    id: number;
    name: string;
    email: string;
    branch_id: number | null;
    branch_name: string | null;
    last_visit: string | Date | null;
    total: number | string;
  }>(
    db,
    sql`
    SELECT u.id, u.name, u.email, u.branch_id, b.name AS branch_name, last.day::text AS last_visit,
           count(*) OVER () AS total
      FROM users u
      LEFT JOIN branches b ON b.id = u.branch_id
      LEFT JOIN app_last_visits last ON last.user_id = u.id
     WHERE u.role = 'seller' AND u.active AND ${branch}
       AND (last.day IS NULL OR last.day < ${cutoff}::date)
     ORDER BY b.name NULLS LAST, u.name, u.id
     LIMIT ${limit} OFFSET ${offset}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    // Past the last page: the count still says how many there are.
    const [counted] = await queryRows<{ n: number | string }>(
      db,
      sql`SELECT count(*) AS n FROM users u
           WHERE u.role = 'seller' AND u.active AND ${branch}
             AND NOT EXISTS (SELECT 1 FROM app_last_visits l WHERE l.user_id = u.id AND l.day >= ${cutoff}::date)`,
    );
    total = Number(counted?.n ?? 0);
  }
  return {
    data: rows.map(({ total: _total, ...r }) => ({
      ...r,
      last_visit: r.last_visit === null ? null : String(r.last_visit).slice(0, 10),
    })),
    meta: listMeta(paging, total),
  };
}
