import { MSG } from '@panel/shared';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { HttpError } from '../../lib/http-errors.ts';
import type { SessionUser } from './sessions.ts';

/**
 * What a panel account may read and write (docs/product.md#branch-managers): an administrator, the whole
 * company; a branch manager, their own branch. The kin of `visibleTo` (which limits sellers in
 * /api/app/*): every list, item, export, import and write of a `panel` route puts one of these fragments
 * in its own query, so a manager's call outside their branch finds nothing (404 for an item) instead of
 * being checked per route. Columns are raw SQL such as sql`p.branch_id`.
 */

/** The branch a panel account is limited to: null for an administrator (every branch). */
export function scopeBranch(user: Pick<SessionUser, 'role' | 'branch_id'>): number | null {
  if (user.role === 'admin') return null;
  // A manager always has a branch (users_manager_branch_check); -1 matches no row if that ever broke.
  return user.branch_id ?? -1;
}

/**
 * Rows that belong to a branch (posts, stories, notifications, events, surveys; null = every branch): an
 * administrator sees all, a manager only their branch's, not the company-wide ones (they cannot write
 * those either).
 */
export function inBranchScope(user: Pick<SessionUser, 'role' | 'branch_id'>, branchColumn: SQL): SQL {
  const branch = scopeBranch(user);
  return branch === null ? sql`true` : ofBranch(branchColumn, branch);
}

/**
 * People a panel account may see and manage: an administrator, everyone; a manager, the sellers of their
 * branch (not other managers or administrators). `u` is the users table's alias, sql`u`.
 */
export function peopleInScope(user: Pick<SessionUser, 'role' | 'branch_id'>, u: SQL): SQL {
  const branch = scopeBranch(user);
  return branch === null ? sql`true` : peopleOfBranch(u, branch);
}

/**
 * Rows owned by a person (a seller's volumes and units, ledger rows, likes, visits: `user_id`): an
 * administrator, all; a manager, those of the sellers of their branch (peopleInScope through the owner).
 * `ownerId` is the owner's column, sql`mv.user_id`.
 */
export function ownerInScope(user: Pick<SessionUser, 'role' | 'branch_id'>, ownerId: SQL): SQL {
  const branch = scopeBranch(user);
  if (branch === null) return sql`true`;
  return sql`${ownerId} IN (SELECT u.id FROM users u WHERE ${peopleOfBranch(sql`u`, branch)})`;
}

/**
 * A statement built once and reused (lib/list-query.ts reusedQuery, whose SQL must hold no value) cannot
 * carry a manager's branch: it names this placeholder instead, and each call gives it scopeValues(user).
 */
export const SCOPE_BRANCH = sql.placeholder('scope_branch');

/** The scope's value for a reused statement: `scope_branch` for a manager, nothing for an administrator. */
export function scopeValues(user: Pick<SessionUser, 'role' | 'branch_id'>): { scope_branch?: number } {
  const branch = scopeBranch(user);
  return branch === null ? {} : { scope_branch: branch };
}

/** inBranchScope's manager half, for a given branch (a number, or SCOPE_BRANCH in a reused statement). */
export function ofBranch(branchColumn: SQL, branch: number | Placeholder): SQL {
  return sql`${branchColumn} = ${branch}`;
}

/** peopleInScope's manager half, for a given branch (a number, or SCOPE_BRANCH in a reused statement). */
export function peopleOfBranch(u: SQL, branch: number | Placeholder): SQL {
  return sql`(${u}.role = 'seller' AND ${u}.branch_id = ${branch})`;
}

/**
 * The branch a write names, checked against the writer's scope: a manager may only name their own
 * branch (not null, "Todas las sucursales", nor another one): 403 otherwise.
 */
export function assertBranchInScope(user: Pick<SessionUser, 'role' | 'branch_id'>, branchId: number | null) {
  const branch = scopeBranch(user);
  if (branch !== null && branchId !== branch) throw new HttpError(403, MSG.otherBranch);
}

/** A manager may only make or change sellers: 403 for any other role named in a write. */
export function assertRoleInScope(user: Pick<SessionUser, 'role'>, role: string | undefined) {
  if (user.role !== 'admin' && role !== undefined && role !== 'seller') {
    throw new HttpError(403, MSG.managersOnlySellers);
  }
}

/** Whom a report is read for, as the fragments above take it: a session's user, or WHOLE_COMPANY. */
export type PanelScope = Pick<SessionUser, 'role' | 'branch_id'>;

/** The administrator's scope, every branch: for a service called outside a request (tests, the demo). */
export const WHOLE_COMPANY: PanelScope = { role: 'admin', branch_id: null };

/**
 * A report's branch filter (`?branch_id=`) in the caller's scope: an administrator's as asked (none: the
 * whole company); a manager's, their own branch whether they name it or not, and 403 (MSG.otherBranch)
 * when they name another one.
 */
export function branchFilter(user: PanelScope, requested: number | undefined): number | undefined {
  if (requested !== undefined) assertBranchInScope(user, requested);
  return scopeBranch(user) ?? requested;
}
