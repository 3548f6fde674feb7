import { makeItemResponse, ZVolume, ZVolumeUpsert } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { toVolumeDto, upsertVolume } from '../../services/targets/volumes.ts';
import { errors } from '../schemas.ts';

export const upsertVolumeRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/volume/upsert',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['metas'],
        summary: 'Guardar el volumen ($) de un mes',
        description: 'Una fila por vendedor, año y mes: crea o reemplaza el monto.',
        body: ZVolumeUpsert,
        response: { 200: makeItemResponse(ZVolume), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const row = await upsertVolume(app.db, request.body, app.now(), requireAuth(request).user);
      return { data: toVolumeDto(row) };
    },
  );
};
