import { ZUnitsBulkResult, ZUnitsBulkUpsert } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { saveUnitsYear, toUnitsDto } from '../../services/targets/units.ts';
import { errors } from '../schemas.ts';

export const bulkUpsertUnitsRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/units/bulk-upsert',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['metas'],
        summary: 'Guardar las unidades pretendidas de un año',
        description:
          'Todos los meses en una transacción: un ítem inválido rechaza el pedido entero y no se escribe nada. ' +
          '`units: null` borra el mes.',
        body: ZUnitsBulkUpsert,
        response: { 200: ZUnitsBulkResult, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { saved, cleared, items } = await saveUnitsYear(
        app.db,
        request.body,
        app.now(),
        requireAuth(request).user,
      );
      return { data: { saved, cleared, items: items.map(toUnitsDto) } };
    },
  );
};
