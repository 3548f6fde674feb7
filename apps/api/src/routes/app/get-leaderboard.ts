import { ZAppLeaderboard, ZAppLeaderboardQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { branchLeaderboard } from '../../services/points/seller-points.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

export const getBranchLeaderboardRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/leaderboard',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Ranking de mi sucursal este mes',
        description:
          'Los vendedores activos de la sucursal de quien llama con puntos en el mes calendario (zona horaria del negocio), ' +
          'el mejor primero, con ranking de competencia estándar. `is_me` marca la fila propia; si no está entre las ' +
          '`limit` primeras, viene aparte en `me`. Sin sucursal: los vendedores sin sucursal.',
        querystring: ZAppLeaderboardQuery,
        response: { 200: ZAppLeaderboard, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const data = await branchLeaderboard(app.db, user, {
        now: app.now(),
        timeZone: app.config.timeZone,
        limit: request.query.limit,
      });
      return { data };
    },
  );
};
