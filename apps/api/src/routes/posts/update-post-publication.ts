import { MEDIA_MSG, makeItemResponse, ZPost, ZPublication } from '@panel/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { posts } from '../../db/schema/posts.ts';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { inBranchScope } from '../../services/auth/branch-scope.ts';
import { selectPosts, toPostDtos } from '../../services/posts/post-dto.ts';
import { changePublication } from '../../services/scheduling/jobs.ts';
import { publishAtFrom } from '../../services/scheduling/publish-at.ts';
import { errors, FORM_BODIES, ZRouteId } from '../schemas.ts';

/**
 * A scheduled post's time (docs/product.md#scheduled-publishing): "Reprogramar" moves it, "Publicar
 * ahora" publishes it. Also answers `POST /api/posts/{id}/publication` with `_method=PUT`.
 */
export const updatePostPublicationRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/posts/:id/publication',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['publicaciones'],
        summary: 'Reprogramar o publicar ahora una publicación programada',
        description:
          'Con `publish_at` (un instante ISO 8601 futuro) la publicación programada pasa a esa hora; sin él se ' +
          'publica en ese momento. Una ya publicada no se reprograma (400, "Ya se publicó…"). 404 si no existe o, ' +
          'para un encargado, si no es de su sucursal.',
        consumes: FORM_BODIES,
        params: ZRouteId,
        body: ZPublication,
        response: { 200: makeItemResponse(ZPost), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const publishAt = publishAtFrom(request.body.publish_at, app.now());
      // A post never changes branch: read before the transaction and its locks (taken in the worker's order).
      const [reachable] = await app.db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.id, id), inBranchScope(requireAuth(request).user, sql`${posts.branchId}`)));
      if (!reachable) throw notFound(MEDIA_MSG.postNotFound);
      await changePublication(app.db, 'post', id, publishAt, {
        now: app.now(),
        timeZone: app.config.timeZone,
        missing: MEDIA_MSG.postNotFound,
      });
      const [row] = await selectPosts(app.db).where(eq(posts.id, id));
      const [dto] = await toPostDtos(app.db, [row!]);
      return { data: dto! };
    },
  );
};
