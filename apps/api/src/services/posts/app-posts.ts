import type { TAppPost } from '@panel/shared';
import { APP_MSG } from '@panel/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import { iso } from '../../lib/iso.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { shownTo } from '../scheduling/published.ts';
import { fileUrl } from '../storage/file-url.ts';

interface PostRow {
  id: number;
  content: string;
  user_name: string;
  user_avatar: string | null;
  branch_id: number | null;
  branch_name: string | null;
  created_at: Date | string;
  cursor_at: string;
  likes_count: number;
  comments_count: number;
  liked_by_me: boolean;
  images: { id: number; storage_key: string; thumb_key: string | null }[] | string;
}

/** A post as the app shows it, with the exact created_at text the feed's cursor keeps. */
export type AppPostWithCursor = TAppPost & { cursor_at: string };

/**
 * The posts the caller may see (their branch and all-branch ones) that meet `condition`
 * (raw SQL on the alias `p`), newest first: the feed, one post, a post just created.
 */
export async function queryAppPosts(
  db: Db | Tx,
  user: SessionUser,
  condition: SQL,
  limit: number,
): Promise<AppPostWithCursor[]> {
  const rows = await queryRows<PostRow>(
    db,
    sql`SELECT p.id, p.content, u.name AS user_name, u.avatar_url AS user_avatar,
        p.branch_id, b.name AS branch_name, p.created_at, p.created_at::text AS cursor_at,
        (SELECT count(*)::int FROM post_likes l WHERE l.post_id = p.id) AS likes_count,
        (SELECT count(*)::int FROM post_comments c WHERE c.post_id = p.id) AS comments_count,
        EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ${user.id}) AS liked_by_me,
        COALESCE((SELECT json_agg(json_build_object('id', i.id, 'storage_key', i.storage_key, 'thumb_key', i.thumb_key)
            ORDER BY i.position) FROM post_images i WHERE i.post_id = p.id), '[]'::json) AS images
      FROM posts p
      JOIN users u ON u.id = p.user_id
      LEFT JOIN branches b ON b.id = p.branch_id
      WHERE ${shownTo(user, 'p')} AND ${condition}
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT ${limit}`,
  );
  return rows.map((row) => {
    const images = typeof row.images === 'string' ? JSON.parse(row.images) : row.images;
    return {
      id: row.id,
      content: row.content,
      user_name: row.user_name,
      user_avatar: row.user_avatar,
      branch_id: row.branch_id,
      branch_name: row.branch_name,
      images: (images as Exclude<PostRow['images'], string>).map((image) => ({
        id: image.id,
        url: fileUrl(image.storage_key),
        thumb_url: fileUrl(image.thumb_key ?? image.storage_key),
      })),
      likes_count: Number(row.likes_count),
      comments_count: Number(row.comments_count),
      liked_by_me: Boolean(row.liked_by_me),
      created_at: iso(row.created_at),
      cursor_at: row.cursor_at,
    };
  });
}

/** Drops the cursor text from a post before it is sent. */
export function withoutCursor({ cursor_at: _, ...post }: AppPostWithCursor): TAppPost {
  return post;
}

/** One post as the app shows it, or 404 when it does not exist or the caller may not see it. */
export async function appPostById(db: Db | Tx, user: SessionUser, postId: number): Promise<TAppPost> {
  const [post] = await queryAppPosts(db, user, sql`p.id = ${postId}`, 1);
  if (!post) throw notFound(APP_MSG.postNotFound);
  return withoutCursor(post);
}

/** 404 unless the post exists and the caller may see it (another branch's post does not exist for them). */
export async function assertPostVisible(db: Db | Tx, user: SessionUser, postId: number): Promise<void> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT p.id FROM posts p WHERE p.id = ${postId} AND ${shownTo(user, 'p')}`,
  );
  if (!row) throw notFound(APP_MSG.postNotFound);
}
