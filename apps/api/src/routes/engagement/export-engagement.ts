import { type TEngagementWeeks, ZEngagementQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.ts';
import { engagementExport } from '../../services/engagement/export.ts';
import { errors } from '../schemas.ts';

/** The branch table of Participación for a period, as a CSV download (services/engagement/export.ts). */
export const exportEngagementRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/engagement/export',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['participación'],
        summary: 'Exportar la tabla de sucursales de Participación a CSV',
        querystring: ZEngagementQuery,
        produces: ['text/csv'],
        response: {
          200: z
            .string()
            .describe(
              'CSV: una fila por sucursal y la empresa (un encargado: solo su sucursal); cada valor y su variación',
            ),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const weeks = request.query.weeks as TEngagementWeeks;
      const csv = await engagementExport(
        app.db,
        weeks,
        app.now(),
        app.config.timeZone,
        requireAuth(request).user,
      );
      const stamp = new Intl.DateTimeFormat('en-CA', { timeZone: app.config.timeZone }).format(app.now());
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="participacion-${weeks}-semanas-${stamp}.csv"`)
          .header('cache-control', 'no-store')
          // A stream is sent as it is; the response schema only documents it.
          .send(csv as unknown as string)
      );
    },
  );
};
