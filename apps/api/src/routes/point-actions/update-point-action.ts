import { makeItemResponse, POINT_ACTION_MSG, ZPointAction, ZPointActionUpdate } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pointActions } from '../../db/schema/points.ts';
import { notFound } from '../../lib/http-errors.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { pointActionValues, TAG, toPointActionDto } from './point-action-dto.ts';

export const updatePointActionRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/admin/point-actions/:id',
    {
      config: { access: 'admin', versioned: 'point_actions' },
      schema: {
        tags: [TAG],
        summary: 'Actualizar una acción de puntos',
        description:
          'Los mismos campos que al crear, sin la clave: una `key` enviada se ignora. Los puntos nuevos valen para los próximos otorgamientos; el historial no cambia.',
        params: ZRouteId,
        body: ZPointActionUpdate,
        response: { 200: makeItemResponse(ZPointAction), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const body = request.body;
      const [row] = await app.db
        .update(pointActions)
        .set({ ...pointActionValues(body), updatedAt: app.now() })
        .where(eq(pointActions.id, request.params.id))
        .returning();
      if (!row) throw notFound(POINT_ACTION_MSG.notFound);
      return { data: toPointActionDto(row) };
    },
  );
};
