import { ZVolumesBulkResult, ZVolumesBulkUpsert } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { saveVolumesYear, toVolumeDto } from '../../services/targets/volumes.ts';
import { errors } from '../schemas.ts';

/** A year of volumes in one transaction, so a crash or an error never leaves half a year. */
export const bulkUpsertVolumesRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/volume/bulk-upsert',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['metas'],
        summary: 'Guardar los volúmenes ($) de un año',
        description:
          'Todos los meses en una transacción: un ítem inválido rechaza el pedido entero y no se escribe nada. ' +
          '`target_amount: null` borra el mes.',
        body: ZVolumesBulkUpsert,
        response: { 200: ZVolumesBulkResult, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { saved, cleared, items } = await saveVolumesYear(
        app.db,
        request.body,
        app.now(),
        requireAuth(request).user,
      );
      return { data: { saved, cleared, items: items.map(toVolumeDto) } };
    },
  );
};
