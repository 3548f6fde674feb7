import { makeItemResponse, ZDashboardSummary } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { selectDashboardCounts } from '../../services/dashboard/summary.ts';
import { errors } from '../schemas.ts';

/** The dashboard's counters (their meaning: services/dashboard/summary.ts). */
export const getSummaryRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/summary',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['tablero'],
        summary: 'Contadores del tablero',
        description:
          'Vendedores activos, usuarios, publicaciones, eventos y eventos de los próximos 7 días. Un encargado ve ' +
          'los de su sucursal (sin los de todas las sucursales).',
        response: { 200: makeItemResponse(ZDashboardSummary), ...errors(401, 403) },
      },
    },
    async (request) => ({
      data: await selectDashboardCounts(app.db, app.now(), app.config.timeZone, requireAuth(request).user),
    }),
  );
};
