import { makeItemResponse, ZPointsSummary, ZPointsSummaryQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { pointsSummary } from '../../services/points/summary.ts';
import { errors } from '../schemas.ts';

export const getPointsSummaryRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/points/summary',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['gamificación'],
        summary: 'Resumen del dashboard de gamificación',
        description:
          'Acciones activas, promedio de puntos por acción activa, vendedores con puntos en el período, líder, top 5, ' +
          'las 10 acciones activas con más puntos, y los puntos por día (30 días de APP_TIMEZONE) y por acción. Un ' +
          'encargado ve los vendedores de su sucursal (las acciones son de toda la empresa).',
        querystring: ZPointsSummaryQuery,
        response: { 200: makeItemResponse(ZPointsSummary), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await pointsSummary(app.db, {
        period: request.query.period,
        now: app.now(),
        timeZone: app.config.timeZone,
        scope: requireAuth(request).user,
      }),
    }),
  );
};
