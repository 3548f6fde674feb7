import { referenceLabel, ZTransactionFilters } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoDay, localDay } from '../../lib/business-time.ts';
import { csvDateTime, csvDownload, csvSafe } from '../../lib/csv.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { transactionBatches } from '../../services/points/transactions.ts';
import { errors } from '../schemas.ts';

const HEADER = [
  'ID',
  'Usuario ID',
  'Usuario',
  'Acción',
  'Clave',
  'Puntos',
  'Descripción',
  'Referencia',
  'Fecha',
];

export const exportTransactionsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/points/transactions/export',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['gamificación'],
        summary: 'Exportar transacciones de puntos (CSV)',
        description:
          'Los mismos filtros y el mismo alcance que el historial. CSV UTF-8 con BOM, separado por `;`; las celdas que empiezan con ' +
          "=, +, -, @, tabulación o retorno de carro llevan un `'` delante.",
        querystring: ZTransactionFilters,
        produces: ['text/csv'],
        response: {
          200: z
            .string()
            .describe('CSV: ID;Usuario ID;Usuario;Acción;Clave;Puntos;Descripción;Referencia;Fecha'),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const tz = app.config.timeZone;
      const filters = request.query;
      const scope = requireAuth(request).user;
      const csv = await csvDownload(
        HEADER,
        (async function* () {
          for await (const batch of transactionBatches(app.db, filters, tz, scope)) {
            for (const r of batch) {
              yield [
                Number(r.id),
                Number(r.user_id),
                csvSafe(r.user_name),
                csvSafe(r.action_name),
                csvSafe(r.action_key),
                Number(r.points),
                csvSafe(r.description),
                csvSafe(r.reference_type ? referenceLabel(r.reference_type, r.reference_id) : ''),
                csvDateTime(new Date(r.created_at), tz),
              ];
            }
          }
        })(),
      );
      csv.on('error', (err) => request.log.error({ err }, 'La exportación CSV falló a mitad de camino'));
      const day = isoDay(localDay(app.now(), tz));
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="transacciones-${day}.csv"`)
          .header('cache-control', 'no-store')
          // A stream bypasses the serializer; the 200 schema only documents the body for OpenAPI.
          .send(csv as unknown as string)
      );
    },
  );
};
