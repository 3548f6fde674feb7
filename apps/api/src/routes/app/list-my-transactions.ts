import { makeListResponse, ZAppTransaction, ZAppTransactionsQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { sellerLedgerPage } from '../../services/points/seller-points.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

export const listMyTransactionsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/me/transactions',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Mi historial de puntos',
        description: 'Todos mis movimientos, el más nuevo primero, paginados.',
        querystring: ZAppTransactionsQuery,
        response: { 200: makeListResponse(ZAppTransaction), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return sellerLedgerPage(app.db, user.id, request.query);
    },
  );
};
