import { ZLeaderboard, ZLeaderboardQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { branchFilter } from '../../services/auth/branch-scope.ts';
import { leaderboard } from '../../services/points/leaderboard.ts';
import { errors } from '../schemas.ts';

export const getLeaderboardRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/points/leaderboard',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['gamificación'],
        summary: 'Leaderboard de vendedores',
        description:
          'Vendedores activos con puntos en el período (mes o semana de lunes a domingo en APP_TIMEZONE, o histórico), ' +
          'ordenados por puntos. Ranking de competencia: los empates comparten puesto y el siguiente se saltea. ' +
          'Un encargado ve su sucursal (otra `branch_id`: 403).',
        querystring: ZLeaderboardQuery,
        response: { 200: ZLeaderboard, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { period, limit, branch_id } = request.query;
      const data = await leaderboard(app.db, {
        period,
        limit,
        // A manager's own branch: the same statement as an administrator's branch filter.
        branchId: branchFilter(requireAuth(request).user, branch_id),
        now: app.now(),
        timeZone: app.config.timeZone,
      });
      return { data };
    },
  );
};
