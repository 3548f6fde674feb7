import {
  makeItemResponse,
  NOTIFICATION_MSG,
  ZNotificationType,
  ZNotificationTypeUpdate,
} from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationTypes } from '../../db/schema/notifications.ts';
import { notFound } from '../../lib/http-errors.ts';
import { errors, FORM_BODIES, ZRouteId } from '../schemas.ts';
import { notificationTypeColumns, toNotificationTypeDto } from './notification-type-dto.ts';

export const updateNotificationTypeRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/notification-types/:id',
    {
      config: { access: 'admin', versioned: 'notification_types' },
      schema: {
        tags: ['notificaciones'],
        summary: 'Actualizar un tipo de notificación',
        consumes: FORM_BODIES,
        params: ZRouteId,
        body: ZNotificationTypeUpdate,
        response: { 200: makeItemResponse(ZNotificationType), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { name, color, icon } = request.body;
      const [row] = await app.db
        .update(notificationTypes)
        .set({ name, color, icon })
        .where(eq(notificationTypes.id, request.params.id))
        .returning(notificationTypeColumns);
      if (!row) throw notFound(NOTIFICATION_MSG.typeNotFound);
      return { data: toNotificationTypeDto(row) };
    },
  );
};
