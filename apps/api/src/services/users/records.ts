import type { TUser } from '@panel/shared';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { users } from '../../db/schema/users.ts';
import { containsFolded, escapeLike } from '../../lib/list-query.ts';
import { hashPassword } from '../auth/passwords.ts';

/** The columns of ZUser, with the branch name joined. */
export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  branch_id: users.branchId,
  branch_name: branches.name,
  avatar_url: users.avatarUrl,
  active: users.active,
  created_at: users.createdAt,
};

type UserRow = Omit<TUser, 'created_at'> & { created_at: Date };

export function toUserDto(row: UserRow): TUser {
  return { ...row, created_at: row.created_at.toISOString() };
}

export async function findUser(db: Db | Tx, id: number): Promise<TUser | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .leftJoin(branches, eq(branches.id, users.branchId))
    .where(eq(users.id, id))
    .limit(1);
  return row ? toUserDto(row) : null;
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
  role: 'seller' | 'admin';
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

/** The list's search and filters as a WHERE clause; the CSV export applies the very same one. */
export function userListWhere(query: {
  q?: string;
  role?: 'seller' | 'admin';
  branch_id?: number;
  active?: boolean;
}): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) {
    conditions.push(
      or(
        containsFolded(users.nameKey, query.q),
        sql`${users.email} LIKE ${`%${escapeLike(query.q.toLowerCase())}%`}`,
      )!,
    );
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.branch_id) conditions.push(eq(users.branchId, query.branch_id));
  if (query.active !== undefined) conditions.push(eq(users.active, query.active));
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
