import { MSG, type TRole, type TUser } from '@panel/shared';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/http-errors.ts';
import { containsFolded, likePattern } from '../../lib/list-query.ts';
import { peopleInScope, peopleOfBranch, SCOPE_BRANCH, scopeValues } from '../auth/branch-scope.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { userColumns } from './user-columns.ts';

/** Who is asking: the scope of a panel account (services/auth/branch-scope.ts). */
export type Actor = Pick<SessionUser, 'role' | 'branch_id'>;

/** The users table as branch-scope's fragments name it (`"users".role`, `"users".branch_id`). */
const PEOPLE = sql`${users}`;

export { userColumns };

type UserRow = Omit<TUser, 'created_at'> & { created_at: Date };

export function toUserDto(row: UserRow): TUser {
  return { ...row, created_at: row.created_at.toISOString() };
}

/** A person, or null; with `actor`, only one in their scope (a manager: a seller of their branch). */
export async function findUser(db: Db | Tx, id: number, actor?: Actor): Promise<TUser | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .leftJoin(branches, eq(branches.id, users.branchId))
    .where(and(eq(users.id, id), actor ? peopleInScope(actor, PEOPLE) : undefined))
    .limit(1);
  return row ? toUserDto(row) : null;
}

/**
 * The person a panel account reads or changes (their sessions, activity, password, record), or 404 with
 * MSG.userNotFound: a manager does not find anyone but the sellers of their branch, so the others'
 * existence does not leak.
 */
export async function personInScope(db: Db | Tx, actor: Actor, id: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role, branchId: users.branchId, active: users.active })
    .from(users)
    .where(and(eq(users.id, id), peopleInScope(actor, PEOPLE)))
    .limit(1);
  if (!row) throw notFound(MSG.userNotFound);
  return row;
}

export async function findUserIdByEmail(db: Db | Tx, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row?.id ?? null;
}

export async function branchExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, id)).limit(1);
  return Boolean(row);
}

export interface NewUser {
  name: string;
  email: string;
  password: string;
  role: TRole;
  branch_id?: number | null;
  avatar_url?: string | null;
  active?: boolean;
}

/** Creates a user with a freshly hashed password; used by the API, the CLI and start-up. */
export async function insertUser(db: Db | Tx, input: NewUser): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      role: input.role,
      branchId: input.branch_id ?? null,
      avatarUrl: input.avatar_url ?? null,
      active: input.active ?? true,
      passwordHash: await hashPassword(input.password),
    })
    .returning({ id: users.id });
  return row!.id;
}

/** The list's search and filters, by the name of the placeholder each fills in userListWhere. */
export type UserListValues = {
  /** likePattern(q), for the name and the email. */
  q?: string;
  role?: TRole;
  branch_id?: number;
  active?: boolean;
  /** A manager's branch (scopeValues): only its sellers. */
  scope_branch?: number;
};

/** The list's values, limited to what `actor` may see. */
export function userListValues(
  query: { q?: string; role?: TRole; branch_id?: number; active?: boolean },
  actor: Actor,
): UserListValues {
  return {
    q: query.q ? likePattern(query.q) : undefined,
    role: query.role || undefined,
    branch_id: query.branch_id || undefined,
    active: query.active,
    ...scopeValues(actor),
  };
}

/**
 * The list's search and filters as a WHERE clause with a placeholder for each value present
 * (execute the query with `values`); the CSV export applies the very same one.
 */
export function userListWhere(values: UserListValues): SQL | undefined {
  const conditions: SQL[] = [];
  if (values.q !== undefined) {
    const q = sql.placeholder('q');
    conditions.push(or(containsFolded(users.nameKey, q), sql`${users.email} LIKE ${q}`)!);
  }
  if (values.role !== undefined) conditions.push(eq(users.role, sql.placeholder('role')));
  if (values.branch_id !== undefined) conditions.push(eq(users.branchId, sql.placeholder('branch_id')));
  if (values.active !== undefined) conditions.push(eq(users.active, sql.placeholder('active')));
  if (values.scope_branch !== undefined) conditions.push(peopleOfBranch(PEOPLE, SCOPE_BRANCH));
  return and(...conditions);
}

/** Sortable columns of the list (and the export), by their API name. */
export const USER_SORT_COLUMNS = {
  name: sql`${users.nameKey}`,
  email: sql`${users.email}`,
  role: sql`${users.role}`,
  created_at: sql`${users.createdAt}`,
} satisfies Record<string, SQL>;
export type UserSortKey = keyof typeof USER_SORT_COLUMNS;
