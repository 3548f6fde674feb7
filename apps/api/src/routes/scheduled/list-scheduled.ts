import { makeListResponse, ZScheduledItem, ZScheduledListQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { selectScheduledPage } from '../../services/scheduling/calendar.ts';
import { errors } from '../schemas.ts';

/** The Calendario's scheduled posts, notifications, stories and surveys (services/scheduling/calendar.ts). */
export const listScheduledRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/scheduled',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['publicaciones programadas'],
        summary: 'Listar publicaciones, notificaciones, historias y encuestas programadas',
        description:
          'Las publicaciones, notificaciones, historias y encuestas que esperan su hora de publicación dentro de [from, to) ' +
          '(instantes ISO; sin `from`, desde ahora; sin `to`, los 42 días siguientes a `from`), en orden ' +
          'cronológico, de a `per_page` (hasta 100). El ' +
          'título de una publicación es su primera línea, hasta 120 caracteres. Un encargado ve solo las de su ' +
          'sucursal.',
        querystring: ZScheduledListQuery,
        response: { 200: makeListResponse(ZScheduledItem), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, meta } = await selectScheduledPage(
        app.db,
        request.query,
        app.now(),
        requireAuth(request).user,
      );
      return { data: rows, meta };
    },
  );
};
