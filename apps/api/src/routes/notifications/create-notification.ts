import { makeItemResponse, ZNotification, ZNotificationInput } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterCommit } from '../../db/audit-context.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { enqueueNotificationPush } from '../../services/push/queue.ts';
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
          'JSON, urlencoded o multipart: notification_type_id (por defecto 1), branch_id (0 = todas), title, message. ' +
          'Encola un push para cada dispositivo suscripto de los vendedores que la ven; el pedido no espera el envío ' +
          '(`push_sent_count` cuenta los entregados).',
        consumes: FORM_BODIES,
        body: ZNotificationInput,
        response: { 201: makeItemResponse(ZNotification), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await assertNotificationRefs(app.db, body);
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(notifications)
          .values({ ...notificationValues(body), createdBy: request.auth?.user.id ?? null })
          .returning({ id: notifications.id, branchId: notifications.branchId });
        // One push per subscribed device of its sellers, queued with it (sent by the worker).
        await enqueueNotificationPush(tx, row!, app.now());
        return row!.id;
      });
      // The worker must find the jobs: wake it once the request's transaction has committed.
      afterCommit(() => app.push.queue.wake());
      return reply.code(201).send({ data: (await findNotification(app.db, id))! });
    },
  );
};
