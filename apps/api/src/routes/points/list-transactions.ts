import { APP_MSG, makeListResponse, ZPointTransaction, ZTransactionListQuery } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { pointTransactions } from '../../db/schema/points.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.ts';
import { fetchPage } from '../../lib/list-query.ts';
import { ledgerEntries } from '../../services/points/totals.ts';
import {
  type TransactionRow,
  toTransactionDto,
  transactionsCount,
  transactionsQuery,
  transactionsSelect,
} from '../../services/points/transactions.ts';
import { errors } from '../schemas.ts';

const onlyUserFilter = (query: { action_key?: string; from?: string; to?: string; q?: string }) =>
  !query.action_key && !query.from && !query.to && !query.q;

export const listTransactionsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/points/transactions',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['gamificación'],
        summary: 'Historial de transacciones de puntos',
        description:
          'Más nuevas primero. `q` busca (sin mayúsculas ni acentos) en el nombre y la clave de la acción, la descripción ' +
          'y el nombre del usuario. `from` y `to` son días (AAAA-MM-DD) inclusivos en APP_TIMEZONE.',
        querystring: ZTransactionListQuery,
        response: { 200: makeListResponse(ZPointTransaction), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const ledger = await transactionsQuery(app.db, query, app.config.timeZone);
      let after = sql`true`;
      if (query.cursor) {
        const position = decodeKeyset(query.cursor);
        if (!position) throw fieldError('cursor', APP_MSG.invalidCursor);
        after = sql`(${pointTransactions.createdAt}, ${pointTransactions.id}) < (${position.createdAt}::timestamptz, ${position.id})`;
      }
      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          queryRows<TransactionRow>(
            app.db,
            transactionsSelect(ledger, after, limit + 1, query.cursor ? 0 : offset),
          ),
        queryRows<{ n: number | string }>(
          app.db,
          // Only a user filter, or none: the running totals know the count (point_totals.entries).
          onlyUserFilter(query) ? ledgerEntries(query.user_id) : transactionsCount(ledger),
        ),
      );
      const page = rows.slice(0, query.per_page);
      const last = page.at(-1);
      return {
        data: page.map(toTransactionDto),
        meta: {
          ...meta,
          next_cursor:
            rows.length > query.per_page && last ? encodeKeyset(last.cursor_at, Number(last.id)) : null,
        },
      };
    },
  );
};
