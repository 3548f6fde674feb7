import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { postImages, posts } from '../../db/schema/posts.ts';
import { type ProcessedImage, processImage, storeImage } from '../storage/images.ts';
import { deleteUnreferencedFiles } from '../storage/media-files.ts';
import type { Storage } from '../storage/storage.ts';
import type { UploadedFile } from '../storage/uploads.ts';

/**
 * A post with its images, for the panel (/api/posts) and the community app (/api/app/posts):
 * every image is checked by its content and stored (with its thumbnail) first, then the post and
 * its image rows are written in one transaction, with `inTransaction` (the app's create_post
 * award) in the same one. If the transaction fails, the files it would have used are removed.
 */
export async function createPostWithImages<T>(
  db: Db,
  storage: Storage,
  input: {
    userId: number;
    content: string;
    branchId: number | null;
    files: UploadedFile[];
    /** The multipart field named in a refusal. */
    field: string;
    now?: Date;
    /** "Programada": published by its scheduled job (the caller schedules it in `inTransaction`). */
    publishAt?: Date | null;
  },
  log: FastifyBaseLogger,
  inTransaction?: (tx: Tx, postId: number) => Promise<T>,
): Promise<{ postId: number; extra: T | undefined }> {
  const images: ProcessedImage[] = [];
  for (const file of input.files) images.push(await processImage(file, input.field));
  const keys = images.flatMap((i) => [i.key, i.thumbKey]);
  try {
    for (const image of images) await storeImage(storage, image);
  } catch (error) {
    // The store failed part-way (an outage between two PUTs): remove what did get stored. While the
    // store is down this fails too, and the start-up sweep removes them later (sweepOrphanObjects).
    await deleteUnreferencedFiles(db, storage, keys, log);
    throw error;
  }
  try {
    return await db.transaction(async (tx) => {
      const [post] = await tx
        .insert(posts)
        .values({
          userId: input.userId,
          content: input.content,
          branchId: input.branchId,
          ...(input.now ? { createdAt: input.now } : {}),
          ...(input.publishAt ? { publishAt: input.publishAt } : {}),
        })
        .returning({ id: posts.id });
      await tx.insert(postImages).values(
        images.map((image, position) => ({
          postId: post!.id,
          position,
          storageKey: image.key,
          thumbKey: image.thumbKey,
          mime: image.mime,
          size: image.size,
          width: image.width,
          height: image.height,
        })),
      );
      const extra = inTransaction ? await inTransaction(tx, post!.id) : undefined;
      return { postId: post!.id, extra };
    });
  } catch (error) {
    await deleteUnreferencedFiles(db, storage, keys, log);
    throw error;
  }
}
