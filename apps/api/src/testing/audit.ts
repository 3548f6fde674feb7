import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';

/** One row of audit_log, as the audit tests read it. */
export interface AuditRow {
  id: number;
  actor_id: number | null;
  actor_email: string | null;
  ip: string | null;
  request_id: string | null;
  route: string | null;
  action: string;
  entity: string;
  entity_id: number | null;
  changes: Record<string, { before: unknown; after: unknown }>;
}

/** The audit rows after `afterId` (all of them by default), oldest first. */
export const auditRows = (db: Db, afterId = 0) =>
  queryRows<AuditRow>(
    db,
    sql`SELECT id::int, actor_id, actor_email, ip, request_id, route, action, entity, entity_id::int, changes
        FROM audit_log WHERE id > ${afterId} ORDER BY id`,
  );

/** The newest audit row's id (0 with none): what a write's rows come after. */
export async function lastAuditId(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: number | null }>(db, sql`SELECT max(id)::int AS id FROM audit_log`);
  return row?.id ?? 0;
}

/**
 * What is wrong with the audit rows of one administrator request made from 127.0.0.1 (the test's
 * inject): none at all, rows of several requests, or a row that does not name the admin, the
 * address, the operation (`route`, e.g. "PUT /api/users/:id") and a request id. `label` begins each.
 */
export function adminRowProblems(
  label: string,
  rows: AuditRow[],
  admin: { id: number; email: string },
  route: string,
): string[] {
  const problems: string[] = [];
  if (rows.length === 0) problems.push(`${label}: no audit row`);
  if (new Set(rows.map((r) => r.request_id)).size > 1)
    problems.push(`${label}: audit rows of several requests`);
  const want = { actor_id: admin.id, actor_email: admin.email, ip: '127.0.0.1', route };
  for (const row of rows) {
    const who = { actor_id: row.actor_id, actor_email: row.actor_email, ip: row.ip, route: row.route };
    if (JSON.stringify(who) !== JSON.stringify(want))
      problems.push(`${label}: audit row ${JSON.stringify(who)} instead of ${JSON.stringify(want)}`);
    if (!row.request_id) problems.push(`${label}: audit row without request_id`);
  }
  return problems;
}
