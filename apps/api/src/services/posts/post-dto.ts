import type { TPost } from '@panel/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { postImages, posts } from '../../db/schema/posts.ts';
import { users } from '../../db/schema/users.ts';
import { reusedQuery } from '../../lib/list-query.ts';
import { fileUrl } from '../storage/file-url.ts';
import { reachCounts } from './reach.ts';

export interface PostRow {
  id: number;
  content: string;
  userId: number;
  userName: string;
  branchId: number | null;
  branchName: string | null;
  likesCount: number;
  commentsCount: number;
  createdAt: Date;
  /** "Programada": its publication time; null once published. */
  publishAt: Date | null;
  /** created_at at full (microsecond) precision, for keyset paging. */
  cursorAt: string;
}

export const likesCount = sql<number>`(SELECT count(*) FROM post_likes l WHERE l.post_id = ${posts.id})::int`;
export const commentsCount = sql<number>`(SELECT count(*) FROM post_comments c WHERE c.post_id = ${posts.id})::int`;

/** Posts with their author, branch and counts, as every answer carries them (images: toPostDtos). */
export function selectPosts(db: Db) {
  return db
    .select({
      id: posts.id,
      content: posts.content,
      userId: posts.userId,
      userName: users.name,
      branchId: posts.branchId,
      branchName: branches.name,
      likesCount,
      commentsCount,
      createdAt: posts.createdAt,
      publishAt: posts.publishAt,
      cursorAt: sql<string>`${posts.createdAt}::text`,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(branches, eq(branches.id, posts.branchId));
}

/** The posts with their images (one query for all of them, in upload order) and "Vista por N de M" (reachCounts). */
export async function toPostDtos(db: Db | Tx, rows: PostRow[]): Promise<TPost[]> {
  const ids = rows.map((r) => r.id);
  const [images, reach] =
    ids.length === 0
      ? [[], new Map<number, { seen: number; audience: number }>()]
      : await Promise.all([
          reusedQuery(db, 'posts:images', selectImages).execute({ ids }),
          reachCounts(db, rows),
        ]);
  return rows.map((row) => ({
    id: row.id,
    content: row.content,
    user_id: row.userId,
    user_name: row.userName,
    branch_id: row.branchId,
    branch_name: row.branchName,
    images: images
      .filter((i) => i.postId === row.id)
      .map((i) => ({ id: i.id, url: fileUrl(i.key), thumb_url: fileUrl(i.thumbKey ?? i.key) })),
    likes_count: Number(row.likesCount),
    comments_count: Number(row.commentsCount),
    seen_count: reach.get(row.id)?.seen ?? 0,
    audience_count: reach.get(row.id)?.audience ?? 0,
    created_at: row.createdAt.toISOString(),
    publish_at: row.publishAt ? row.publishAt.toISOString() : null,
  }));
}

/** The images of the posts in the `ids` placeholder (an array: one statement whatever their number). */
function selectImages(db: Db | Tx) {
  return db
    .select({
      id: postImages.id,
      postId: postImages.postId,
      key: postImages.storageKey,
      thumbKey: postImages.thumbKey,
    })
    .from(postImages)
    .where(sql`${postImages.postId} = ANY(${sql.placeholder('ids')}::int[])`)
    .orderBy(asc(postImages.postId), asc(postImages.position));
}
