import { APP_MSG, makeItemResponse, ZAppNotification } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { type NotificationRow, selectNotifications, toDto } from './app-notifications.ts';
import { APP_TAG, visibleTo } from './app-scope.ts';

export const getAppNotificationRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/notifications/:id',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Una notificación',
        description:
          'Lo que abre un push al tocarlo. No la marca leída. 404 si no existe o es de otra sucursal.',
        params: ZRouteId,
        response: { 200: makeItemResponse(ZAppNotification), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const [row] = await queryRows<NotificationRow>(
        app.db,
        selectNotifications(user, sql`n.id = ${request.params.id} AND ${visibleTo(user, sql`n.branch_id`)}`),
      );
      if (!row) throw notFound(APP_MSG.notificationNotFound);
      return { data: toDto(row) };
    },
  );
};
