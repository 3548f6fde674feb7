import type { TEngagement, TEngagementValues, TEngagementWeekly, TEngagementWeeks } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import {
  addDays,
  isoDay,
  isoWeekday,
  type LocalDay,
  localDay,
  startOfLocalDay,
} from '../../lib/business-time.ts';
import { published } from '../scheduling/published.ts';

/**
 * Participación (docs/product.md#participacion): per branch and per week, and over the period and the
 * period before it, what the sellers did in the app. Everything is counted in SQL, one statement, mostly
 * from tables kept by triggers; only one row per window, branch and measure comes back.
 *
 * Who counts: the active sellers of today, in their branch of today (as "Vista por N de M" does). A
 * branch manager reads their branch's row of the company's report (branchReport): every count is
 * already per branch of the sellers, so their row is the same whoever reads it, and the kept report
 * serves them too.
 */

interface Window {
  i: number;
  /** The period or the previous one (a seller active in several of its weeks is one active seller). */
  span: boolean;
  since: string;
  until: string;
  dsince: string;
  duntil: string;
}

/** The weeks of the period (complete weeks, Monday to Sunday, the last one ending this Monday), then the period, then the previous one. */
export function engagementWindows(weeks: number, now: Date, timeZone: string) {
  const today = localDay(now, timeZone);
  const thisMonday = addDays(today, 1 - isoWeekday(today));
  const start = addDays(thisMonday, -7 * weeks);
  const previousStart = addDays(start, -7 * weeks);
  const window = (i: number, from: LocalDay, to: LocalDay, span = false): Window => ({
    i,
    span,
    since: startOfLocalDay(from, timeZone).toISOString(),
    until: startOfLocalDay(to, timeZone).toISOString(),
    dsince: isoDay(from),
    duntil: isoDay(to),
  });
  const weekly = Array.from({ length: weeks }, (_, k) =>
    window(k, addDays(start, 7 * k), addDays(start, 7 * (k + 1))),
  );
  return {
    weekly,
    period: window(weeks, start, thisMonday, true),
    previous: window(weeks + 1, previousStart, start, true),
    days: {
      period: { from: isoDay(start), to: isoDay(addDays(thisMonday, -1)) },
      previous: { from: isoDay(previousStart), to: isoDay(addDays(start, -1)) },
    },
  };
}

type Measure = 'active' | 'seen' | 'likes' | 'comments' | 'read24' | 'delivered' | 'answered' | 'asked';

interface Row {
  m: Measure;
  i: number;
  /** The sellers' branch, 0 for sellers without one. */
  branch_key: number;
  n: number | string;
}

interface Counts {
  active: number;
  seen: number;
  likes: number;
  comments: number;
  read24: number;
  delivered: number;
  answered: number;
  asked: number;
}
const zero = (): Counts => ({
  active: 0,
  seen: 0,
  likes: 0,
  comments: 0,
  read24: 0,
  delivered: 0,
  answered: 0,
  asked: 0,
});

/**
 * The windows' counts per branch of the sellers (0: none). Each seller is in one branch, so the company's
 * is the sum of every measure, active sellers included.
 *
 * Active sellers, posts seen, likes and comments come from the kept tables (migration 0027, kept by
 * triggers in the business time zone): a week's from `engagement_week_counts` (a row per week and
 * branch), a period's from the sum of its weeks, but for active sellers: a seller active in the period
 * has exactly one week in it whose previous active week is before the period, so the period's distinct
 * active sellers per branch are the sum of those rows of `app_visit_week_counts` (week, previous week,
 * branch). Notifications and surveys are counted from their rows
 * (docs/decisions/2026-12-04-engagement-kept-weeks.md).
 */
async function countWindows(db: Db, windows: Window[]): Promise<Row[]> {
  // Without JIT: the planner's estimates for the windows (a JSON recordset, 100 rows to it) and the
  // weeks of a period put the statement's cost far above jit_above_cost, and PostgreSQL spent 2.3 s
  // compiling what runs in 0.2 s (bench tenant, 4 weeks). SET LOCAL: only this transaction.
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return countRows(tx, windows);
  });
}

async function countRows(db: Tx, windows: Window[]): Promise<Row[]> {
  return queryRows<Row>(
    db,
    sql`
    WITH w AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(windows)}::json)
        AS w(i int, span boolean, since timestamptz, until timestamptz, dsince date, duntil date)
    ),
    s AS (SELECT id, coalesce(branch_id, 0) AS branch_key, branch_id FROM users WHERE role = 'seller' AND active),
    sc AS (SELECT branch_key, branch_id, count(*) AS k FROM s GROUP BY branch_key, branch_id),
    sv AS (
      SELECT w.i, w.until, v.id, v.branch_id FROM w JOIN surveys v
        ON v.active AND v.publish_at IS NULL AND v.created_at < w.until
       AND (v.start_date IS NULL OR v.start_date < w.until)
       AND (v.end_date IS NULL OR v.end_date >= w.since)
    ),
    kept AS (
      SELECT w.i, w.span, k.branch_key, sum(k.active) AS active, sum(k.seen) AS seen, sum(k.likes) AS likes,
             sum(k.comments) AS comments
        FROM w JOIN engagement_week_counts k ON k.week >= w.dsince AND k.week < w.duntil
       GROUP BY 1, 2, 3
    )
    SELECT x.m, kept.i, kept.branch_key, x.n
      FROM kept CROSS JOIN LATERAL (VALUES ('active', kept.active), ('seen', kept.seen), ('likes', kept.likes),
        ('comments', kept.comments)) AS x(m, n)
     WHERE NOT (kept.span AND x.m = 'active')
    UNION ALL
    SELECT 'active', w.i, k.branch_key, sum(k.sellers)
      FROM w JOIN app_visit_week_counts k
        ON w.span AND k.week >= w.dsince AND k.week < w.duntil AND k.prev_week < w.dsince
     GROUP BY 2, 3
    UNION ALL
    SELECT 'read24', w.i, s.branch_key, count(*)
      FROM w JOIN notifications n ON n.created_at >= w.since AND n.created_at < w.until
      JOIN notification_reads r ON r.notification_id = n.id AND r.read_at < n.created_at + interval '24 hours'
      JOIN s ON s.id = r.user_id AND (n.branch_id IS NULL OR n.branch_id = s.branch_id)
      GROUP BY 2, 3
    UNION ALL
    -- Audiences: the notices (surveys) of each window counted per branch first, then times its sellers.
    SELECT 'delivered', a.i, sc.branch_key, sum(a.n * sc.k)
      FROM (SELECT w.i, n.branch_id, count(*) AS n
              FROM w JOIN notifications n ON n.created_at >= w.since AND n.created_at < w.until AND ${published('n')}
             GROUP BY 1, 2) a
      JOIN sc ON a.branch_id IS NULL OR a.branch_id = sc.branch_id
      GROUP BY 2, 3
    UNION ALL
    SELECT 'answered', sv.i, s.branch_key, count(*)
      FROM sv JOIN survey_responses r ON r.survey_id = sv.id AND r.created_at < sv.until
      JOIN s ON s.id = r.user_id AND (sv.branch_id IS NULL OR sv.branch_id = s.branch_id)
      GROUP BY 2, 3
    UNION ALL
    SELECT 'asked', a.i, sc.branch_key, sum(a.n * sc.k)
      FROM (SELECT i, branch_id, count(*) AS n FROM sv GROUP BY 1, 2) a
      JOIN sc ON a.branch_id IS NULL OR a.branch_id = sc.branch_id
      GROUP BY 2, 3`,
  );
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

function values(c: Counts, sellers: number): TEngagementValues {
  return {
    sellers,
    active_sellers: c.active,
    posts_seen: c.seen,
    likes_per_active: c.active > 0 ? round(c.likes / c.active, 2) : 0,
    comments_per_active: c.active > 0 ? round(c.comments / c.active, 2) : 0,
    notifications_read_24h: c.delivered > 0 ? round(c.read24 / c.delivered, 4) : null,
    survey_response_rate: c.asked > 0 ? round(c.answered / c.asked, 4) : null,
  };
}

/** One object per week → one array per measure (ZEngagementWeekly). */
function columns(weeks: TEngagementValues[]): TEngagementWeekly {
  return {
    active_sellers: weeks.map((v) => v.active_sellers),
    posts_seen: weeks.map((v) => v.posts_seen),
    likes_per_active: weeks.map((v) => v.likes_per_active),
    comments_per_active: weeks.map((v) => v.comments_per_active),
    notifications_read_24h: weeks.map((v) => v.notifications_read_24h),
    survey_response_rate: weeks.map((v) => v.survey_response_rate),
  };
}

/**
 * A branch manager's Participación: their branch's row, which is also the "company" line (the other
 * branches and the company's sums are not theirs to read). Zeros if the branch has no row.
 */
export function branchReport(report: TEngagement, branchId: number): TEngagement {
  const own = report.branches.find((b) => b.branch_id === branchId);
  if (own) {
    const { branch_id: _id, branch_name: _name, ...line } = own;
    return { ...report, company: line, branches: [own] };
  }
  const none = values(zero(), 0);
  const empty = { period: none, previous: none, weekly: columns(report.week_starts.map(() => none)) };
  return { ...report, company: empty, branches: [] };
}

export async function engagementReport(
  db: Db,
  weeks: TEngagementWeeks,
  now: Date,
  timeZone: string,
): Promise<TEngagement> {
  const w = engagementWindows(weeks, now, timeZone);
  const windows = [...w.weekly, w.period, w.previous];
  const [rows, branchRows, sellerRows] = await Promise.all([
    countWindows(db, windows),
    queryRows<{ id: number; name: string }>(db, sql`SELECT id, name FROM branches ORDER BY name, id`),
    queryRows<{ branch_id: number | null; k: number | string }>(
      db,
      sql`SELECT branch_id, count(*) AS k FROM users WHERE role = 'seller' AND active GROUP BY branch_id`,
    ),
  ]);
  const sellers = new Map(sellerRows.map((r) => [r.branch_id, Number(r.k)]));
  const totalSellers = sellerRows.reduce((n, r) => n + Number(r.k), 0);
  // counts[window][branch key]: 'company' or the branch id ('none': sellers without a branch).
  const counts = windows.map(() => new Map<string, Counts>());
  const at = (i: number, key: string) => {
    const found = counts[i]!.get(key);
    if (found) return found;
    const c = zero();
    counts[i]!.set(key, c);
    return c;
  };
  for (const r of rows) {
    const n = Number(r.n);
    at(r.i, Number(r.branch_key) === 0 ? 'none' : String(r.branch_key))[r.m] += n;
    at(r.i, 'company')[r.m] += n;
  }
  const row = (key: string, k: number) => ({
    period: values(at(weeks, key), k),
    previous: values(at(weeks + 1, key), k),
    weekly: columns(w.weekly.map((x) => values(at(x.i, key), k))),
  });
  return {
    weeks,
    week_starts: w.weekly.map((x) => x.dsince),
    period: w.days.period,
    previous: w.days.previous,
    company: row('company', totalSellers),
    branches: branchRows.map((b) => ({
      branch_id: b.id,
      branch_name: b.name,
      ...row(String(b.id), sellers.get(b.id) ?? 0),
    })),
  };
}
