import { type AnyColumn, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { monthlyTargetUnits, monthlyVolumes } from '../../db/schema/targets.ts';
import { ownerInScope } from '../../services/auth/branch-scope.ts';
import type { SessionUser } from '../../services/auth/sessions.ts';

type MonthlyTable = typeof monthlyVolumes | typeof monthlyTargetUnits;

/**
 * Volumes and units are both per seller and month: the filters their lists share, within what `actor`
 * may see (a branch manager: their branch's sellers' rows).
 */
export function monthlyConditions(
  table: MonthlyTable,
  query: { user_id?: number; year?: number; month?: number },
  actor: Pick<SessionUser, 'role' | 'branch_id'>,
): SQL[] {
  const conditions: SQL[] = [ownerInScope(actor, sql`${table.userId}`)];
  if (query.user_id) conditions.push(eq(table.userId, query.user_id));
  if (query.year) conditions.push(eq(table.year, query.year));
  if (query.month) conditions.push(eq(table.month, query.month));
  return conditions;
}

/** The sort column in its direction, then year and month in the same direction, then id. */
export function monthlyOrder(table: MonthlyTable, sortColumn: AnyColumn, descending: boolean) {
  const direction = descending ? desc : asc;
  return [direction(sortColumn), direction(table.year), direction(table.month), asc(table.id)];
}
