import { MEDIA_MSG } from '@panel/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postImages, posts } from '../../db/schema/posts.ts';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { inBranchScope } from '../../services/auth/branch-scope.ts';
import { deleteUnreferencedFiles } from '../../services/storage/media-files.ts';
import { errors, ZNoContent, ZRouteId } from '../schemas.ts';

export const deletePostRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/posts/:id',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['publicaciones'],
        summary: 'Eliminar una publicación',
        description:
          'Borra también sus imágenes, me gusta y comentarios. 404 si no existe o, para un encargado, si no es de su sucursal.',
        params: ZRouteId,
        response: { 204: ZNoContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const scope = inBranchScope(requireAuth(request).user, sql`${posts.branchId}`);
      const keys = await app.db.transaction(async (tx) => {
        const images = await tx
          .select({ key: postImages.storageKey, thumbKey: postImages.thumbKey })
          .from(postImages)
          .where(eq(postImages.postId, id));
        // Likes, comments and image rows go with it (ON DELETE CASCADE).
        const deleted = await tx
          .delete(posts)
          .where(and(eq(posts.id, id), scope))
          .returning({ id: posts.id });
        if (deleted.length === 0) throw notFound(MEDIA_MSG.postNotFound);
        return images.flatMap((i) => [i.key, i.thumbKey ?? '']);
      });
      // Only once the rows are gone for good.
      await deleteUnreferencedFiles(app.db, app.storage, keys, request.log);
      return reply.code(204).send();
    },
  );
};
