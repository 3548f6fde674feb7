import { NOTIFICATION_MSG } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notifications, notificationTypes } from '../../db/schema/notifications.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { findPostgresError } from '../../plugins/error-mapping.ts';
import { errors, ZNoContent, ZRouteId } from '../schemas.ts';

export const deleteNotificationTypeRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/notification-types/:id',
    {
      config: { access: 'admin', versioned: 'notification_types' },
      schema: {
        tags: ['notificaciones'],
        summary: 'Eliminar un tipo de notificación',
        description: '409 mientras haya notificaciones de este tipo.',
        params: ZRouteId,
        response: { 204: ZNoContent, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const [found] = await app.db
        .select({ id: notificationTypes.id })
        .from(notificationTypes)
        .where(eq(notificationTypes.id, id));
      if (!found) throw notFound(NOTIFICATION_MSG.typeNotFound);
      const [used] = await app.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.notificationTypeId, id))
        .limit(1);
      if (used) throw conflict(NOTIFICATION_MSG.typeInUse);
      try {
        await app.db.delete(notificationTypes).where(eq(notificationTypes.id, id));
      } catch (error) {
        // The RESTRICT foreign key is the backstop for a notification added meanwhile.
        if (findPostgresError(error)?.code === '23503') throw conflict(NOTIFICATION_MSG.typeInUse);
        throw error;
      }
      return reply.code(204).send();
    },
  );
};
