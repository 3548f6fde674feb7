import { makeListResponse, ZNotification, ZNotificationListQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { selectNotificationsPage, toNotificationDto } from '../../services/notifications/notifications.ts';
import { errors } from '../schemas.ts';

export const listNotificationsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['notificaciones'],
        summary: 'Listar notificaciones',
        description:
          '`q` busca en título y mensaje sin distinguir mayúsculas ni acentos. Filtros: ' +
          '`notification_type_id`, `branch_id`. Orden por defecto: las más nuevas primero. Un encargado ve solo las ' +
          'de su sucursal.',
        querystring: ZNotificationListQuery,
        response: { 200: makeListResponse(ZNotification), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, meta } = await selectNotificationsPage(app.db, request.query, requireAuth(request).user);
      return { data: rows.map(toNotificationDto), meta };
    },
  );
};
