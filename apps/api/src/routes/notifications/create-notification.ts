import { makeItemResponse, ZNotification, ZNotificationInput } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterCommit } from '../../db/audit-context.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { assertBranchInScope } from '../../services/auth/branch-scope.ts';
import { findNotification, notificationValues } from '../../services/notifications/notifications.ts';
import { enqueueNotificationPush } from '../../services/push/queue.ts';
import { scheduleJob } from '../../services/scheduling/jobs.ts';
import { publishAtFrom } from '../../services/scheduling/publish-at.ts';
import { errors, FORM_BODIES } from '../schemas.ts';
import { assertNotificationRefs } from './notification-refs.ts';

export const createNotificationRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/notifications',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['notificaciones'],
        summary: 'Crear una notificación',
        description:
          'JSON, urlencoded o multipart: notification_type_id (por defecto 1), branch_id (0 = todas; un encargado, solo ' +
          'la suya: 403 si no), title, message, ' +
          'urgent (por defecto false). ' +
          'Encola un push para cada dispositivo suscripto de los vendedores que la ven; el pedido no espera el envío ' +
          '(`push_sent_count` cuenta los entregados). Un vendedor en su "No molestar" (APP_TIMEZONE) recibe el push ' +
          'al terminar ese horario, salvo que sea `urgent`; en Avisos la ve enseguida. ' +
          '`publish_at` (opcional, un instante ISO 8601 futuro) la programa: los vendedores la ven y el push se encola ' +
          'recién a esa hora.',
        consumes: FORM_BODIES,
        body: ZNotificationInput,
        response: { 201: makeItemResponse(ZNotification), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = requireAuth(request).user;
      const body = request.body;
      assertBranchInScope(user, body.branch_id);
      await assertNotificationRefs(app.db, body);
      const publishAt = publishAtFrom(body.publish_at, app.now());
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(notifications)
          .values({ ...notificationValues(body), publishAt, createdBy: user.id })
          .returning({
            id: notifications.id,
            branchId: notifications.branchId,
            urgent: notifications.urgent,
          });
        // Scheduled: its job publishes it and queues the pushes then
        // (docs/decisions/2026-12-04-scheduled-publishing.md).
        if (publishAt) {
          await scheduleJob(tx, 'notification', row!.id, publishAt);
          return row!.id;
        }
        // One push per subscribed device of its sellers, queued with it (sent by the worker); a
        // seller's "No molestar" moves theirs to its end unless the notification is urgent.
        await enqueueNotificationPush(tx, row!, app.now(), app.config.timeZone);
        return row!.id;
      });
      // The worker must find the jobs: wake it once the request's transaction has committed.
      afterCommit(() => app.push.queue.wake());
      return reply.code(201).send({ data: (await findNotification(app.db, id, user))! });
    },
  );
};
