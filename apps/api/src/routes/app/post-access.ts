import { APP_MSG } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { SessionUser } from '../../services/auth/sessions.ts';
import { visibleTo } from './app-scope.ts';

/** 404 unless the post exists and the caller may see it (another branch's post does not exist for them). */
export async function assertPostVisible(db: Db | Tx, user: SessionUser, postId: number): Promise<void> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT p.id FROM posts p WHERE p.id = ${postId} AND ${visibleTo(user, sql`p.branch_id`)}`,
  );
  if (!row) throw notFound(APP_MSG.postNotFound);
}

export async function likesCount(db: Db | Tx, postId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM post_likes WHERE post_id = ${postId}`,
  );
  return Number(row?.n ?? 0);
}
