import { makeListResponse, ZEvent, ZEventListQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { selectEventsPage, toEventDto } from '../../services/events/events.ts';
import { errors } from '../schemas.ts';

export const listEventsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/events',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['eventos'],
        summary: 'Listar eventos',
        description:
          '`q` busca en título y descripción. `from`/`to` (instantes ISO) devuelven los eventos que se ' +
          'superponen con [from, to), como pide el calendario. Filtros: `event_type_id`, `branch_id`. ' +
          'Orden por defecto: por inicio, los más recientes primero (con rango: en orden cronológico). Un encargado ' +
          've solo los de su sucursal.',
        querystring: ZEventListQuery,
        response: { 200: makeListResponse(ZEvent), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, meta } = await selectEventsPage(app.db, request.query, requireAuth(request).user);
      return { data: rows.map(toEventDto), meta };
    },
  );
};
