import { ZAppMyPoints } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { myPoints } from '../../services/points/seller-points.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

const RECENT = 20;

export const myPointsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/me/points',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Mis puntos, mi puesto del mes y mis últimos movimientos',
        description:
          '`rank`: puesto entre los vendedores activos con puntos en el mes calendario (zona horaria del negocio), ' +
          'con ranking de competencia estándar (los empates comparten puesto y el siguiente se saltea); null sin puntos en el mes. ' +
          '`branch_rank`: lo mismo entre los de su sucursal (null también sin sucursal). ' +
          `\`recent_transactions\`: los últimos ${RECENT} movimientos.`,
        response: { 200: ZAppMyPoints, ...errors(401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const data = await myPoints(app.db, user, {
        now: app.now(),
        timeZone: app.config.timeZone,
        recent: RECENT,
      });
      return { data };
    },
  );
};
