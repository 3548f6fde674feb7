import { makeListResponse, ZNotificationReader, ZNotificationReadersQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { queryNotificationReaders } from '../../services/notifications/notifications.ts';
import { errors, ZRouteId } from '../schemas.ts';

/**
 * "Leída por": the sellers counted in `read_count` (active, and seeing the notification), newest
 * read first, a page at a time (the (notification_id, read_at, id) index walks it backwards).
 */
export const listNotificationReadersRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications/:id/reads',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['notificaciones'],
        summary: 'Quiénes leyeron una notificación',
        description:
          'Los vendedores activos que la ven (los de su sucursal, o todos) y la abrieron en la app, la lectura ' +
          'más reciente primero. `meta.total` es el `read_count` de la notificación. 404 si no existe o, para un ' +
          'encargado, si no es de su sucursal.',
        params: ZRouteId,
        querystring: ZNotificationReadersQuery,
        response: { 200: makeListResponse(ZNotificationReader), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      queryNotificationReaders(app.db, request.params.id, request.query, requireAuth(request).user),
  );
};
