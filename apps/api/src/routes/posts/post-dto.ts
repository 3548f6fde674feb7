import type { TPost } from '@panel/shared';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { postImages } from '../../db/schema/posts.ts';
import { fileUrl } from '../../services/storage/file-url.ts';

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
}

/** The posts with their images (one query for all of them, in upload order). */
export async function toPostDtos(db: Db, rows: PostRow[]): Promise<TPost[]> {
  const ids = rows.map((r) => r.id);
  const images =
    ids.length === 0
      ? []
      : await db
          .select({
            id: postImages.id,
            postId: postImages.postId,
            key: postImages.storageKey,
            thumbKey: postImages.thumbKey,
          })
          .from(postImages)
          .where(inArray(postImages.postId, ids))
          .orderBy(asc(postImages.postId), asc(postImages.position));
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
    created_at: row.createdAt.toISOString(),
  }));
}
