import { inArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { postImages } from '../../db/schema/posts.ts';
import { stories } from '../../db/schema/stories.ts';
import type { Storage } from './storage.ts';

/**
 * Deletes stored files that no post image or story points to any more. Called after the
 * deleting transaction committed; keys are content addresses, so the same picture uploaded
 * twice is one file, kept while any row still uses it. A failure is logged, never raised:
 * the record is already gone, and an orphan file is harmless.
 */
export async function deleteUnreferencedFiles(
  db: Db,
  storage: Storage,
  keys: readonly string[],
  log: FastifyBaseLogger,
): Promise<void> {
  const unique = [...new Set(keys.filter(Boolean))];
  if (unique.length === 0) return;
  try {
    const [imageRefs, storyRefs] = await Promise.all([
      db
        .select({ a: postImages.storageKey, b: postImages.thumbKey })
        .from(postImages)
        .where(or(inArray(postImages.storageKey, unique), inArray(postImages.thumbKey, unique))),
      db
        .select({ a: stories.imageKey, b: stories.thumbKey })
        .from(stories)
        .where(or(inArray(stories.imageKey, unique), inArray(stories.thumbKey, unique))),
    ]);
    const stillUsed = new Set<string | null>([...imageRefs, ...storyRefs].flatMap((r) => [r.a, r.b]));
    await Promise.all(unique.filter((k) => !stillUsed.has(k)).map((k) => storage.delete(k)));
  } catch (error) {
    log.warn({ err: error, keys: unique }, 'No se pudieron borrar archivos de imágenes');
  }
}
