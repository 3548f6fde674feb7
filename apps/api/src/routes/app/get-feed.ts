import { APP_MSG, ZAppFeed, ZAppFeedQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { decodeCursor, queryFeed } from '../../services/posts/feed.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

export const getFeedRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/feed',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Muro de publicaciones (y su búsqueda)',
        description:
          'Publicaciones de la sucursal del vendedor y las de todas las sucursales, de la más nueva a la más vieja. ' +
          'Paginación por cursor: pasá `meta.next_cursor` como `cursor` para la página siguiente (null: no hay más). ' +
          '`q` busca entre esas mismas publicaciones por texto o por nombre de quien publicó, sin distinguir ' +
          'mayúsculas ni acentos.',
        querystring: ZAppFeedQuery,
        response: { 200: ZAppFeed, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { per_page: perPage, cursor, q } = request.query;
      const after = cursor ? decodeCursor(cursor) : null;
      if (cursor && !after) throw fieldError('cursor', APP_MSG.invalidCursor);
      const { posts, nextCursor } = await queryFeed(app.db, user, { after, q, perPage });
      return { data: posts, meta: { per_page: perPage, next_cursor: nextCursor } };
    },
  );
};
