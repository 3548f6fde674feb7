import { MEDIA_MSG } from '@panel/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stories } from '../../db/schema/stories.ts';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { deleteUnreferencedFiles } from '../../services/storage/media-files.ts';
import { storiesInScope } from '../../services/stories/stories.ts';
import { errors, ZNoContent, ZRouteId } from '../schemas.ts';

export const deleteStoryRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/stories/:id',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['historias'],
        summary: 'Eliminar una historia',
        description:
          'Borra también sus vistas y su imagen. 404 si no existe o, para un encargado, si no es de su sucursal.',
        params: ZRouteId,
        response: { 204: ZNoContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const [deleted] = await app.db
        .delete(stories)
        .where(and(eq(stories.id, id), storiesInScope(requireAuth(request).user)))
        .returning({ imageKey: stories.imageKey, thumbKey: stories.thumbKey });
      if (!deleted) throw notFound(MEDIA_MSG.storyNotFound);
      await deleteUnreferencedFiles(
        app.db,
        app.storage,
        [deleted.imageKey, deleted.thumbKey ?? ''],
        request.log,
      );
      return reply.code(204).send();
    },
  );
};
