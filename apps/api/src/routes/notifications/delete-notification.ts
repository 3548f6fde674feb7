import { NOTIFICATION_MSG } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notifications } from '../../db/schema/notifications.ts';
import { notFound } from '../../lib/http-errors.ts';
import { errors, ZNoContent, ZRouteId } from '../schemas.ts';

export const deleteNotificationRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/notifications/:id',
    {
      config: { access: 'admin', versioned: 'notifications' },
      schema: {
        tags: ['notificaciones'],
        summary: 'Eliminar una notificación',
        description: 'También borra sus lecturas.',
        params: ZRouteId,
        response: { 204: ZNoContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const [row] = await app.db
        .delete(notifications)
        .where(eq(notifications.id, request.params.id))
        .returning({ id: notifications.id });
      if (!row) throw notFound(NOTIFICATION_MSG.notificationNotFound);
      return reply.code(204).send();
    },
  );
};
