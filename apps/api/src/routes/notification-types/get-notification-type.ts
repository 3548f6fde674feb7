import { makeItemResponse, NOTIFICATION_MSG, ZNotificationType } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationTypes } from '../../db/schema/notifications.ts';
import { notFound } from '../../lib/http-errors.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { notificationTypeColumns, toNotificationTypeDto } from './notification-type-dto.ts';

/** One type with its version (ETag): what an edit dialog reloads after a 412. */
export const getNotificationTypeRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notification-types/:id',
    {
      config: { access: 'admin', versioned: 'notification_types' },
      schema: {
        tags: ['notificaciones'],
        summary: 'Ver un tipo de notificación',
        params: ZRouteId,
        response: { 200: makeItemResponse(ZNotificationType), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select(notificationTypeColumns)
        .from(notificationTypes)
        .where(eq(notificationTypes.id, request.params.id))
        .limit(1);
      if (!row) throw notFound(NOTIFICATION_MSG.typeNotFound);
      return { data: toNotificationTypeDto(row) };
    },
  );
};
