import { makeListResponse, ZPointTransaction, ZTransactionListQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { selectTransactionsPage, toTransactionDto } from '../../services/points/transactions.ts';
import { errors } from '../schemas.ts';

export const listTransactionsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/points/transactions',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['gamificación'],
        summary: 'Historial de transacciones de puntos',
        description:
          'Más nuevas primero. `q` busca (sin mayúsculas ni acentos) en el nombre y la clave de la acción, la descripción ' +
          'y el nombre del usuario. `from` y `to` son días (AAAA-MM-DD) inclusivos en APP_TIMEZONE. Un encargado ve ' +
          'los movimientos de los vendedores de su sucursal.',
        querystring: ZTransactionListQuery,
        response: { 200: makeListResponse(ZPointTransaction), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, meta, nextCursor } = await selectTransactionsPage(
        app.db,
        request.query,
        app.config.timeZone,
        requireAuth(request).user,
      );
      return { data: rows.map(toTransactionDto), meta: { ...meta, next_cursor: nextCursor } };
    },
  );
};
