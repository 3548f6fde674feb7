import { APP_MSG, makeListResponse, ZPost, ZPostListQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError } from '../../lib/http-errors.ts';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { postsSort, selectPostsPage } from '../../services/posts/posts-page.ts';
import { errors } from '../schemas.ts';

export const listPostsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/posts',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['publicaciones'],
        summary: 'Listar publicaciones',
        description:
          '`q` busca en el contenido sin distinguir mayúsculas ni acentos. `branch_id`: 0 = las de todas las sucursales. ' +
          'Por defecto, las más nuevas primero. Un encargado ve solo las de su sucursal.',
        querystring: ZPostListQuery,
        response: { 200: makeListResponse(ZPost), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      // Newest first pages by keyset too: `cursor` (meta.next_cursor) reaches any depth at the cost of page 1.
      let after: { createdAt: string; id: number } | null = null;
      if (query.cursor) {
        after = postsSort(query.sort).keyset ? decodeKeyset(query.cursor) : null;
        if (!after) throw fieldError('cursor', APP_MSG.invalidCursor);
      }
      const { data, meta, nextCursor } = await selectPostsPage(
        app.db,
        query,
        after,
        encodeKeyset,
        requireAuth(request).user,
      );
      return { data, meta: { ...meta, ...(nextCursor !== undefined ? { next_cursor: nextCursor } : {}) } };
    },
  );
};
