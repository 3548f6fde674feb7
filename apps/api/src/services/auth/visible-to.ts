import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from './sessions.ts';

/**
 * What a caller of /api/app/* sees (docs/product.md#seller-calls): a seller, the rows of their own branch and
 * the ones for every branch (branch_id null); an administrator, every branch.
 * `branchColumn` is raw SQL such as sql`p.branch_id`.
 */
export function visibleTo(user: SessionUser, branchColumn: SQL): SQL {
  if (user.role === 'admin') return sql`true`;
  if (user.branch_id === null) return sql`${branchColumn} IS NULL`;
  return sql`(${branchColumn} IS NULL OR ${branchColumn} = ${user.branch_id})`;
}
