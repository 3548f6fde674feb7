import { makeItemResponse, ZNotification, ZNotificationInput } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notifications } from '../../db/schema/notifications.ts';
import { errors, FORM_BODIES } from '../schemas.ts';
import { findNotification, notificationValues } from './notification-dto.ts';
import { assertNotificationRefs } from './notification-refs.ts';

export const createNotificationRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/notifications',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificaciones'],
        summary: 'Crear una notificación',
        description:
          'JSON, urlencoded o multipart: notification_type_id (por defecto 1), branch_id (0 = todas), title, message.',
        consumes: FORM_BODIES,
        body: ZNotificationInput,
        response: { 201: makeItemResponse(ZNotification), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await assertNotificationRefs(app.db, body);
      const [row] = await app.db
        .insert(notifications)
        .values({ ...notificationValues(body), createdBy: request.auth?.user.id ?? null })
        .returning({ id: notifications.id });
      return reply.code(201).send({ data: (await findNotification(app.db, row!.id))! });
    },
  );
};
