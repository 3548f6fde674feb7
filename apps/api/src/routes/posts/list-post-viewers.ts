import { makeListResponse, ZPostViewer, ZPostViewersQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { postViewers } from '../../services/posts/reach.ts';
import { errors, ZRouteId } from '../schemas.ts';

/** "Vieron" / "No vieron": the post's audience who saw it, or who has not yet, a page at a time. */
export const listPostViewersRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/posts/:id/viewers',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['publicaciones'],
        summary: 'Quiénes vieron (o no) una publicación',
        description:
          'Los vendedores activos que la ven: `seen=true` los que la vieron, la vista más reciente primero; ' +
          '`seen=false` los que todavía no, por nombre (`viewed_at` null). `meta.total` es el `seen_count` de ' +
          'la publicación, o `audience_count - seen_count`. 404 si no existe o, para un encargado, si no es de su ' +
          'sucursal.',
        params: ZRouteId,
        querystring: ZPostViewersQuery,
        response: { 200: makeListResponse(ZPostViewer), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => postViewers(app.db, request.params.id, request.query, requireAuth(request).user),
  );
};
