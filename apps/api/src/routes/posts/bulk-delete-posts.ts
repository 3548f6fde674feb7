import { BULK_MSG } from '@panel/shared';
import { and, inArray, sql } from 'drizzle-orm';
import { postImages, posts } from '../../db/schema/posts.ts';
import { inBranchScope } from '../../services/auth/branch-scope.ts';
import { bulkDeleteRoute } from '../bulk-delete.ts';

/** POST /api/posts/bulk-delete: several posts with their pictures, likes and comments. */
export const bulkDeletePostsRoute = bulkDeleteRoute({
  url: '/api/posts/bulk-delete',
  tag: 'publicaciones',
  summary: 'Eliminar varias publicaciones',
  description:
    'Borra en una transacción las publicaciones de `ids` (1 a 1000) con sus imágenes, me gusta y comentarios. Todas o ninguna: si un id no existe (o, para un encargado, es de otra sucursal o de todas) responde 404 y no borra nada.',
  notFoundMessage: BULK_MSG.postsNotFound,
  remove: async (tx, ids, user) => {
    // Read before the delete (the rows cascade); an id out of reach makes it a 404 that rolls back,
    // so these keys are only used once every post is gone.
    const images = await tx
      .select({ key: postImages.storageKey, thumbKey: postImages.thumbKey })
      .from(postImages)
      .where(inArray(postImages.postId, ids));
    // Likes, comments and image rows go with them (ON DELETE CASCADE).
    const rows = await tx
      .delete(posts)
      .where(and(inArray(posts.id, ids), inBranchScope(user, sql`${posts.branchId}`)))
      .returning({ id: posts.id });
    return { ids: rows.map((r) => r.id), files: images.flatMap((i) => [i.key, i.thumbKey ?? '']) };
  },
});
