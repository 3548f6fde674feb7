import { makeItemResponse, POINT_ACTION_MSG, ZPointAction } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pointActions } from '../../db/schema/points.ts';
import { notFound } from '../../lib/http-errors.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { TAG, toPointActionDto } from './point-action-dto.ts';

/** One action with its version (ETag): what an edit dialog reloads after a 412. */
export const getPointActionRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/point-actions/:id',
    {
      config: { access: 'panel', versioned: 'point_actions' },
      schema: {
        tags: [TAG],
        summary: 'Ver una acción de puntos',
        params: ZRouteId,
        response: { 200: makeItemResponse(ZPointAction), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select()
        .from(pointActions)
        .where(eq(pointActions.id, request.params.id))
        .limit(1);
      if (!row) throw notFound(POINT_ACTION_MSG.notFound);
      return { data: toPointActionDto(row) };
    },
  );
};
