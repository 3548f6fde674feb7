import { ZEngagementInactiveQuery, ZInactiveSellerList } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { branchFilter } from '../../services/auth/branch-scope.ts';
import { inactiveSellers } from '../../services/engagement/inactive.ts';
import { errors } from '../schemas.ts';

/** The active sellers who have not opened the app in 14 days, 20 a page (services/engagement/inactive.ts). */
export const listInactiveRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/engagement/inactive',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['participación'],
        summary: 'Vendedores sin visitas a la app en 14 días (por sucursal, 20 por página)',
        description: 'Un encargado ve los de su sucursal (otra `branch_id`: 403).',
        querystring: ZEngagementInactiveQuery,
        response: { 200: ZInactiveSellerList, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const branch_id = branchFilter(requireAuth(request).user, request.query.branch_id);
      return inactiveSellers(app.db, { ...request.query, branch_id }, app.now(), app.config.timeZone);
    },
  );
};
