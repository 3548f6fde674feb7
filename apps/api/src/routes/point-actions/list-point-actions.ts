import { makeListResponse, ZPointAction, ZPointActionListQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { selectPointActionsPage } from '../../services/points/point-actions.ts';
import { errors } from '../schemas.ts';
import { TAG, toPointActionDto } from './point-action-dto.ts';

export const listPointActionsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/point-actions',
    {
      config: { access: 'panel' },
      schema: {
        tags: [TAG],
        summary: 'Listar acciones de puntos',
        description:
          '`q` busca en nombre, clave y descripción. `active` filtra por estado. Orden por defecto: nombre.',
        querystring: ZPointActionListQuery,
        response: { 200: makeListResponse(ZPointAction), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, meta } = await selectPointActionsPage(app.db, request.query);
      return { data: rows.map(toPointActionDto), meta };
    },
  );
};
