import { type AnyColumn, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { monthlyTargetUnits, monthlyVolumes } from '../../db/schema/targets.ts';

type MonthlyTable = typeof monthlyVolumes | typeof monthlyTargetUnits;

/** Volumes and units are both per seller and month: the filters their lists share. */
export function monthlyConditions(
  table: MonthlyTable,
  query: { user_id?: number; year?: number; month?: number },
): SQL[] {
  const conditions: SQL[] = [];
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
