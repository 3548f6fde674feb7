import { BULK_MSG } from '@panel/shared';
import { inArray } from 'drizzle-orm';
import { postImages, posts } from '../../db/schema/posts.ts';
import { bulkDeleteRoute } from '../bulk-delete.ts';

/** POST /api/posts/bulk-delete: several posts with their pictures, likes and comments. */
export const bulkDeletePostsRoute = bulkDeleteRoute({
  url: '/api/posts/bulk-delete',
  tag: 'publicaciones',
  summary: 'Eliminar varias publicaciones',
  description:
    'Borra en una transacción las publicaciones de `ids` (1 a 1000) con sus imágenes, me gusta y comentarios. Todas o ninguna: si un id no existe responde 404 y no borra nada.',
  notFoundMessage: BULK_MSG.postsNotFound,
  remove: async (tx, ids) => {
    const images = await tx
      .select({ key: postImages.storageKey, thumbKey: postImages.thumbKey })
      .from(postImages)
      .where(inArray(postImages.postId, ids));
    // Likes, comments and image rows go with them (ON DELETE CASCADE).
    const rows = await tx.delete(posts).where(inArray(posts.id, ids)).returning({ id: posts.id });
    return { ids: rows.map((r) => r.id), files: images.flatMap((i) => [i.key, i.thumbKey ?? '']) };
  },
});
