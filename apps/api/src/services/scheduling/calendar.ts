import { SCHEDULED_DEFAULT_DAYS, type TScheduledItem, type ZScheduledListQuery } from '@panel/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { fetchPage } from '../../lib/list-query.ts';
import { inBranchScope } from '../auth/branch-scope.ts';
import type { SessionUser } from '../auth/sessions.ts';

/**
 * The posts, notifications, stories and surveys waiting for their time in [from, to), for the Calendario
 * (docs/product.md#calendar): the pending scheduled jobs of those kinds, read by their partial index
 * (scheduled_jobs_due_idx, run_at of the pending rows), with their record. The time shown is the
 * record's own `publish_at`, which the job's `run_at` follows. `scope`: the records' branch the caller
 * may see (inBranchScope: a branch manager, their branch's only).
 */
const SCHEDULED_FROM = (from: string, to: string, scope: SQL) => sql`
  FROM scheduled_jobs j
  LEFT JOIN posts p ON j.kind = 'post' AND p.id = j.ref_id AND p.publish_at IS NOT NULL
  LEFT JOIN notifications n ON j.kind = 'notification' AND n.id = j.ref_id AND n.publish_at IS NOT NULL
  LEFT JOIN stories st ON j.kind = 'story' AND st.id = j.ref_id AND st.publish_at IS NOT NULL
  LEFT JOIN surveys sv ON j.kind = 'survey' AND sv.id = j.ref_id AND sv.publish_at IS NOT NULL
  LEFT JOIN branches b ON b.id = ${BRANCH}
  WHERE j.status = 'pending' AND j.kind IN ('post', 'notification', 'story', 'survey')
    AND j.run_at >= ${from}::timestamptz AND j.run_at < ${to}::timestamptz
    AND COALESCE(p.id, n.id, st.id, sv.id) IS NOT NULL
    AND ${scope}`;

/** The scheduled record's branch, whichever kind it is. */
const BRANCH = sql`COALESCE(p.branch_id, n.branch_id, st.branch_id, sv.branch_id)`;

interface ScheduledRow {
  kind: TScheduledItem['kind'];
  id: number;
  title: string;
  publish_at: Date | string;
  branch_id: number | null;
  branch_name: string | null;
  urgent: boolean;
}

export async function selectScheduledPage(
  db: Db,
  query: z.infer<typeof ZScheduledListQuery>,
  now: Date,
  user: SessionUser,
) {
  const scope = inBranchScope(user, BRANCH);
  const from = query.from ?? now.toISOString();
  const to = query.to ?? new Date(Date.parse(from) + SCHEDULED_DEFAULT_DAYS * 86_400_000).toISOString();
  const { rows, meta } = await fetchPage(
    query,
    ({ limit, offset }) =>
      queryRows<ScheduledRow>(
        db,
        sql`SELECT j.kind, j.ref_id AS id,
            COALESCE(n.title, st.title, sv.title, left(split_part(btrim(p.content), E'\\n', 1), 120)) AS title,
            COALESCE(p.publish_at, n.publish_at, st.publish_at, sv.publish_at) AS publish_at,
            ${BRANCH} AS branch_id, b.name AS branch_name,
            COALESCE(n.urgent, false) AS urgent
          ${SCHEDULED_FROM(from, to, scope)}
          ORDER BY j.run_at, j.id LIMIT ${limit} OFFSET ${offset}`,
      ),
    queryRows<{ n: number | string }>(db, sql`SELECT count(*) AS n ${SCHEDULED_FROM(from, to, scope)}`),
  );
  return {
    meta,
    rows: rows.map(
      (r): TScheduledItem => ({
        ...r,
        publish_at: new Date(r.publish_at).toISOString(),
      }),
    ),
  };
}
