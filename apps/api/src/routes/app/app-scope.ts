import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../services/auth/sessions.ts';

export const APP_TAG = 'app de la comunidad';

/**
 * What a caller of /api/app/* sees (DECISIONS §5): a seller, the rows of their own branch and
 * the ones for every branch (branch_id null); an administrator, every branch.
 * `branchColumn` is raw SQL such as sql`p.branch_id`.
 */
export function visibleTo(user: SessionUser, branchColumn: SQL): SQL {
  if (user.role === 'admin') return sql`true`;
  if (user.branch_id === null) return sql`${branchColumn} IS NULL`;
  return sql`(${branchColumn} IS NULL OR ${branchColumn} = ${user.branch_id})`;
}

/** "Active" story (DECISIONS §4): active, started, and not expired (ends_at, else 24 h after creation). */
export function storyIsActive(alias: string, now: Date): SQL {
  const t = sql.raw(alias);
  const at = now.toISOString();
  return sql`(${t}.active AND (${t}.starts_at IS NULL OR ${t}.starts_at <= ${at}::timestamptz)
    AND COALESCE(${t}.ends_at, ${t}.created_at + interval '24 hours') > ${at}::timestamptz)`;
}

export const iso = (value: Date | string) => new Date(value).toISOString();
