import { makeItemResponse, NOTIFICATION_MSG, ZNotification, ZNotificationUpdate } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notifications } from '../../db/schema/notifications.ts';
import { notFound } from '../../lib/http-errors.ts';
import { findNotification, notificationValues } from '../../services/notifications/notifications.ts';
import { errors, FORM_BODIES, ZRouteId } from '../schemas.ts';
import { assertNotificationRefs } from './notification-refs.ts';

/** Also answers `POST /api/notifications/{id}` with `_method=PUT` (docs/api-contract.md, docs/product.md#the-two-readings-settled). */
export const updateNotificationRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/notifications/:id',
    {
      config: { access: 'admin', versioned: 'notifications' },
      schema: {
        tags: ['notificaciones'],
        summary: 'Actualizar una notificación',
        consumes: FORM_BODIES,
        params: ZRouteId,
        body: ZNotificationUpdate,
        response: { 200: makeItemResponse(ZNotification), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const [found] = await app.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.id, id));
      if (!found) throw notFound(NOTIFICATION_MSG.notificationNotFound);
      await assertNotificationRefs(app.db, body);
      const [row] = await app.db
        .update(notifications)
        .set(notificationValues(body))
        .where(eq(notifications.id, id))
        .returning({ id: notifications.id });
      if (!row) throw notFound(NOTIFICATION_MSG.notificationNotFound);
      return { data: (await findNotification(app.db, id))! };
    },
  );
};
