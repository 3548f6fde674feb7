import { ZUserExportQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.ts';
import { userExportStream } from '../../services/users/export.ts';
import { errors } from '../schemas.ts';

/**
 * The people of the list, with its search, filters and order, as a CSV download streamed from
 * the database in batches (docs/product.md#stack): UTF-8 with a BOM, `;` separated, formula cells quoted.
 * A branch manager's holds the sellers of their branch only.
 */
export const exportUsersRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/export',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['usuarios'],
        summary: 'Exportar usuarios a CSV (mismos filtros que el listado)',
        querystring: ZUserExportQuery,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('CSV: Nombre;Email;Rol;Sucursal;Activo;Alta'),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const csv = await userExportStream(
        app.db,
        request.query,
        app.config.timeZone,
        requireAuth(request).user,
      );
      const stamp = new Intl.DateTimeFormat('en-CA', { timeZone: app.config.timeZone }).format(app.now());
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="vendedores-${stamp}.csv"`)
          .header('cache-control', 'no-store')
          // A stream is sent as it is; the response schema only documents it.
          .send(csv as unknown as string)
      );
    },
  );
};
