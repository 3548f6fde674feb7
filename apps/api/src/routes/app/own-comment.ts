import { APP_MSG } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import type { SessionUser } from '../../services/auth/sessions.ts';
import { visibleTo } from './app-scope.ts';

/**
 * The comment, locked for the change, when the caller may change it: 404 when it does not exist or
 * sits on a post the caller cannot see (another branch's comment does not exist for them, as its post);
 * 403 when it is visible but someone else's.
 */
export async function ownComment(tx: Tx, user: SessionUser, id: number) {
  const [row] = await queryRows<{ id: number; post_id: number; user_id: number }>(
    tx,
    sql`SELECT c.id, c.post_id, c.user_id FROM post_comments c JOIN posts p ON p.id = c.post_id
      WHERE c.id = ${id} AND ${visibleTo(user, sql`p.branch_id`)}
      FOR UPDATE OF c`,
  );
  if (!row) throw notFound(APP_MSG.commentNotFound);
  if (row.user_id !== user.id) throw new HttpError(403, APP_MSG.commentNotYours);
  return row;
}
