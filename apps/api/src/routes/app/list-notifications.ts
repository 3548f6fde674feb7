import { makeListResponse, ZAppNotification, ZAppNotificationsQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { listAppNotifications } from '../../services/notifications/app-notifications.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

export const listAppNotificationsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/notifications',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Notificaciones del vendedor',
        description:
          'Las de su sucursal y las de todas: primero las no leídas, y dentro de cada grupo la más nueva primero. ' +
          '`read_at`: cuándo la marcó leída (null: no leída). `filter=unread`: solo las no leídas.',
        querystring: ZAppNotificationsQuery,
        response: { 200: makeListResponse(ZAppNotification), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return listAppNotifications(app.db, user, request.query);
    },
  );
};
