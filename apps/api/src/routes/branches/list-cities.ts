import { ZBranchCities } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { selectBranchCities } from '../../services/branches/branches.ts';
import { errors } from '../schemas.ts';

export const listCitiesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/branches/cities',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['sucursales'],
        summary: 'Ciudades de las sucursales, para el filtro',
        response: { 200: ZBranchCities, ...errors(401, 403) },
      },
    },
    async (request) => ({ data: await selectBranchCities(app.db, requireAuth(request).user) }),
  );
};
