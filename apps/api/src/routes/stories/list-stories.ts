import { makeListResponse, ZStory, ZStoryListQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { selectStoriesPage, toStoryDto } from '../../services/stories/stories.ts';
import { errors } from '../schemas.ts';

export const listStoriesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stories',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['historias'],
        summary: 'Listar historias',
        description:
          '`q` busca en el título. Por defecto, las más nuevas primero. Un encargado ve solo las de su sucursal.',
        querystring: ZStoryListQuery,
        response: { 200: makeListResponse(ZStory), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, meta } = await selectStoriesPage(app.db, request.query, requireAuth(request).user);
      const now = app.now();
      return { data: rows.map((r) => toStoryDto(r, now)), meta };
    },
  );
};
