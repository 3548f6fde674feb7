import type { TAppPost } from '@panel/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { likePattern } from '../../lib/list-query.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { queryAppPosts, withoutCursor } from './app-posts.ts';

/** A feed position: the last row's exact (created_at, id), so rows created meanwhile never shift a page. */
export interface FeedCursor {
  createdAt: string;
  id: number;
}

export function encodeCursor(createdAt: string, id: number): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

/** null when the text is not a cursor this server wrote. */
export function decodeCursor(cursor: string): FeedCursor | null {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt))) return null;
    if (!Number.isSafeInteger(id) || (id as number) < 1 || (id as number) > 2_147_483_647) return null;
    return { createdAt, id: id as number };
  } catch {
    return null;
  }
}

/**
 * Inicio's search: the text (posts.content_key, trigram index) or the author's name (users.name_key,
 * trigram index), folded the same way (lower case, no accents). The authors are looked up first into
 * an array, so both halves can use an index (a BitmapOr) instead of a join filtered row by row.
 */
function matches(q: string): SQL {
  const pattern = likePattern(q);
  return sql`(p.content_key LIKE f_unaccent(${pattern})
    OR p.user_id = ANY (ARRAY(SELECT a.id FROM users a WHERE a.name_key LIKE f_unaccent(${pattern}))))`;
}

/** One page of the feed the caller may see, after `after` and matching `q`, and the next page's cursor. */
export async function queryFeed(
  db: Db,
  user: SessionUser,
  page: { after: FeedCursor | null; q: string | undefined; perPage: number },
): Promise<{ posts: TAppPost[]; nextCursor: string | null }> {
  const after = page.after
    ? sql`(p.created_at, p.id) < (${page.after.createdAt}::timestamptz, ${page.after.id})`
    : sql`true`;
  const rows = await queryAppPosts(
    db,
    user,
    page.q ? sql`${after} AND ${matches(page.q)}` : after,
    page.perPage + 1,
  );
  const shown = rows.slice(0, page.perPage);
  const last = shown.at(-1);
  return {
    posts: shown.map(withoutCursor),
    nextCursor: rows.length > page.perPage && last ? encodeCursor(last.cursor_at, last.id) : null,
  };
}
