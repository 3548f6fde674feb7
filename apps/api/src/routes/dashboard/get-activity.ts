import { makeItemResponse, ZDashboardActivity } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { dashboardActivity } from '../../services/dashboard/activity.ts';
import { errors } from '../schemas.ts';

/** Apart from the counters (GET /api/dashboard/summary), which stay one quick query. */
export const getActivityRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/activity',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['tablero'],
        summary: 'Actividad de la comunidad (30 días), próximos eventos y top 5 del mes',
        description:
          'Un encargado ve las publicaciones y los eventos de su sucursal, y los me gusta, comentarios, vistas de ' +
          'historias y puntos de sus vendedores.',
        response: { 200: makeItemResponse(ZDashboardActivity), ...errors(401, 403) },
      },
    },
    async (request) => ({
      data: await dashboardActivity(app.db, app.now(), app.config.timeZone, requireAuth(request).user),
    }),
  );
};
