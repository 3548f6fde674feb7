import { makeListResponse, ZAppTransaction, ZAppTransactionsQuery } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { fetchPage } from '../../lib/list-query.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { sellerLedgerRows } from '../../services/points/transactions.ts';
import { errors } from '../schemas.ts';
import { APP_TAG, iso } from './app-scope.ts';

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
      const { rows, meta } = await fetchPage(
        request.query,
        ({ limit, offset }) => sellerLedgerRows(app.db, user.id, limit, offset),
        queryRows<{ n: number }>(
          app.db,
          sql`SELECT count(*)::int AS n FROM point_transactions WHERE user_id = ${user.id}`,
        ),
      );
      return {
        data: rows.map((t) => ({
          id: Number(t.id),
          points: t.points,
          description: t.description,
          action: t.action_key ? { key: t.action_key, name: t.action_name ?? t.action_key } : null,
          reference_type: t.reference_type,
          reference_id: t.reference_id,
          created_at: iso(t.created_at),
        })),
        meta,
      };
    },
  );
};
