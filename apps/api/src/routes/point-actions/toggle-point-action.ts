import { makeItemResponse, POINT_ACTION_MSG, ZPointAction, ZPointActionToggle } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pointActions } from '../../db/schema/points.ts';
import { notFound } from '../../lib/http-errors.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { TAG, toPointActionDto } from './point-action-dto.ts';

export const togglePointActionRoute: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/admin/point-actions/:id/toggle',
    {
      config: { access: 'admin', versioned: 'point_actions' },
      schema: {
        tags: [TAG],
        summary: 'Activar o desactivar una acción de puntos',
        description: 'Una acción inactiva no otorga puntos.',
        params: ZRouteId,
        body: ZPointActionToggle,
        response: { 200: makeItemResponse(ZPointAction), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const [row] = await app.db
        .update(pointActions)
        .set({ active: request.body.active, updatedAt: app.now() })
        .where(eq(pointActions.id, request.params.id))
        .returning();
      if (!row) throw notFound(POINT_ACTION_MSG.notFound);
      return { data: toPointActionDto(row) };
    },
  );
};
