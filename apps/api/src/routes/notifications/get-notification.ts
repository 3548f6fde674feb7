import { makeItemResponse, NOTIFICATION_MSG, ZNotification } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { findNotification } from '../../services/notifications/notifications.ts';
import { errors, ZRouteId } from '../schemas.ts';

/** One notification with its version (ETag): what an edit dialog reloads after a 412. */
export const getNotificationRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications/:id',
    {
      config: { access: 'panel', versioned: 'notifications' },
      schema: {
        tags: ['notificaciones'],
        summary: 'Ver una notificación',
        params: ZRouteId,
        response: { 200: makeItemResponse(ZNotification), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const found = await findNotification(app.db, request.params.id, requireAuth(request).user);
      if (!found) throw notFound(NOTIFICATION_MSG.notificationNotFound);
      return { data: found };
    },
  );
};
