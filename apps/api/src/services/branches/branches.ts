import { MSG } from '@panel/shared';
import { type AnyColumn, and, asc, count, desc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import {
  fetchPage,
  likePattern,
  parseSort,
  presentKeys,
  reusedQuery,
  textSortKey,
} from '../../lib/list-query.ts';
import { inBranchScope, ofBranch, SCOPE_BRANCH, scopeValues } from '../auth/branch-scope.ts';
import type { SessionUser } from '../auth/sessions.ts';

/** Who reads: an administrator every branch, a branch manager their own (services/auth/branch-scope.ts). */
type Actor = Pick<SessionUser, 'role' | 'branch_id'>;

/** Everything but the secret: only whether a connection string is set (routes/branches/branch-dto.ts). */
export const branchColumns = {
  id: branches.id,
  name: branches.name,
  city: branches.city,
  address: branches.address,
  connectionStringEnc: branches.connectionStringEnc,
  createdAt: branches.createdAt,
  updatedAt: branches.updatedAt,
  version: branches.version,
};

const SORT_COLUMNS = {
  name: textSortKey(branches.name),
  city: textSortKey(branches.city),
  address: textSortKey(branches.address),
  created_at: sql`${branches.createdAt}`,
} satisfies Record<string, SQL>;

/**
 * One page of branches (`q` on name, city and address, case and accents aside; `city`; `sort`), in
 * branchColumns. Built once per shape (which filters, which sort), then reused:
 * docs/performance.md#cost-per-request. A branch manager's holds their own branch only, so the forms and
 * filters of their panel offer just it.
 */
export async function selectBranchesPage(
  db: Db,
  query: { page: number; per_page: number; q?: string; city?: string; sort?: string },
  actor: Actor,
) {
  const values: BranchListValues = {
    q: query.q ? likePattern(query.q) : undefined,
    city: query.city || undefined,
    ...scopeValues(actor),
  };
  const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'name');
  const shape = `${presentKeys(values)}${sort.key}:${sort.desc}`;
  return fetchPage(
    query,
    (window) =>
      reusedQuery(db, `branches:page:${shape}`, (db) => branchesPage(db, values, sort)).execute({
        ...values,
        ...window,
      }),
    reusedQuery(db, `branches:total:${presentKeys(values)}`, (db) =>
      db.select({ n: count() }).from(branches).where(branchListWhere(values)),
    ).execute(values),
  );
}

/** The list's search and filter, by the name of the placeholder each fills in branchListWhere. */
type BranchListValues = {
  /** likePattern(q), for the name, the city and the address. */
  q?: string;
  city?: string;
  /** A manager's branch (scopeValues). */
  scope_branch?: number;
};

function branchListWhere(values: BranchListValues): SQL | undefined {
  const conditions: SQL[] = [];
  if (values.q !== undefined) {
    const q = sql.placeholder('q');
    const contains = (column: AnyColumn) => sql`f_unaccent(lower(${column})) LIKE f_unaccent(${q})`;
    conditions.push(or(contains(branches.name), contains(branches.city), contains(branches.address))!);
  }
  if (values.city !== undefined) conditions.push(eq(branches.city, sql.placeholder('city')));
  if (values.scope_branch !== undefined) conditions.push(ofBranch(sql`${branches.id}`, SCOPE_BRANCH));
  return and(...conditions);
}

/** One page, with placeholders for the filters' values, limit and offset. */
function branchesPage(
  db: Db | Tx,
  values: BranchListValues,
  sort: { key: keyof typeof SORT_COLUMNS; desc: boolean },
) {
  const direction = sort.desc ? desc : asc;
  // Branches without a city or address go last in either direction; ties go by name.
  const nulls = sort.desc ? sql`NULLS LAST` : sql``;
  return db
    .select(branchColumns)
    .from(branches)
    .where(branchListWhere(values))
    .orderBy(sql`${direction(SORT_COLUMNS[sort.key])} ${nulls}`, SORT_COLUMNS.name, direction(branches.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/** The cities of the branches `actor` sees, each once (case and accents aside), in alphabetical order. */
export async function selectBranchCities(db: Db, actor: Actor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ city: branches.city, key: sql<string>`f_unaccent(lower(${branches.city}))` })
    .from(branches)
    .where(and(isNotNull(branches.city), inBranchScope(actor, sql`${branches.id}`)))
    .orderBy(sql`f_unaccent(lower(${branches.city}))`, branches.city);
  return rows.map((r) => r.city!);
}

/** Tables whose rows point to a branch; a branch still referenced is not deleted (409). */
const REFERENCING_TABLES = ['users', 'posts', 'events', 'stories', 'notifications', 'surveys'] as const;

/**
 * Deletes a branch: 404 when there is none, 409 while a seller, post, event, story, notification or
 * survey uses it; a foreign key error (23503) when one came meanwhile (the route answers it 409).
 */
export async function deleteBranch(db: Db, id: number): Promise<void> {
  const [found] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, id));
  if (!found) throw notFound(MSG.branchNotFound);

  const checks = REFERENCING_TABLES.map(
    (table) => sql`SELECT 1 FROM ${sql.identifier(table)} WHERE branch_id = ${id}`,
  );
  const [usage] = await queryRows<{ used: boolean }>(
    db,
    sql`SELECT EXISTS (${sql.join(checks, sql` UNION ALL `)}) AS used`,
  );
  if (usage?.used) throw conflict(MSG.branchInUse);

  await db.delete(branches).where(eq(branches.id, id));
}
