import { ZPostReach } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { postReach } from '../../services/posts/reach.ts';
import { errors, ZRouteId } from '../schemas.ts';

/** "Vista por N de M" of one post, as a whole and per branch. */
export const getPostReachRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/posts/:id/reach',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['publicaciones'],
        summary: 'Alcance de una publicación',
        description:
          '`audience`: los vendedores activos que la ven (los de su sucursal, o todos); `seen`: cuántos de ellos ' +
          'la vieron en la app (la mitad en pantalla durante un segundo). `by_branch`: lo mismo por sucursal, ' +
          'por nombre. 404 si no existe o, para un encargado, si no es de su sucursal.',
        params: ZRouteId,
        response: { 200: ZPostReach, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await postReach(app.db, request.params.id, requireAuth(request).user) }),
  );
};
