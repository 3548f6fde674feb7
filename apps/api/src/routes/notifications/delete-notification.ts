import { NOTIFICATION_MSG } from '@panel/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notifications } from '../../db/schema/notifications.ts';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { notificationsInScope } from '../../services/notifications/notifications.ts';
import { branchVersionScope } from '../branch-version-scope.ts';
import { errors, ZNoContent, ZRouteId } from '../schemas.ts';

export const deleteNotificationRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/notifications/:id',
    {
      config: { access: 'panel', versioned: 'notifications', versionScope: branchVersionScope },
      schema: {
        tags: ['notificaciones'],
        summary: 'Eliminar una notificación',
        description:
          'También borra sus lecturas. 404 si no existe o, para un encargado, si no es de su sucursal.',
        params: ZRouteId,
        response: { 204: ZNoContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const [row] = await app.db
        .delete(notifications)
        .where(and(eq(notifications.id, request.params.id), notificationsInScope(requireAuth(request).user)))
        .returning({ id: notifications.id });
      if (!row) throw notFound(NOTIFICATION_MSG.notificationNotFound);
      return reply.code(204).send();
    },
  );
};
