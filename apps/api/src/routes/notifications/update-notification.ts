import {
  makeItemResponse,
  NOTIFICATION_MSG,
  SCHEDULE_MSG,
  ZNotification,
  ZNotificationUpdate,
} from '@panel/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterCommit } from '../../db/audit-context.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { fieldError, notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { assertBranchInScope } from '../../services/auth/branch-scope.ts';
import {
  findNotification,
  notificationsInScope,
  notificationValues,
} from '../../services/notifications/notifications.ts';
import { cancelJob, lockScheduled, publishRecord, scheduleJob } from '../../services/scheduling/jobs.ts';
import { publishAtFrom } from '../../services/scheduling/publish-at.ts';
import { branchVersionScope } from '../branch-version-scope.ts';
import { errors, FORM_BODIES, ZRouteId } from '../schemas.ts';
import { assertNotificationRefs } from './notification-refs.ts';

/** Also answers `POST /api/notifications/{id}` with `_method=PUT` (docs/api-contract.md, docs/product.md#the-two-readings-settled). */
export const updateNotificationRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/notifications/:id',
    {
      config: { access: 'panel', versioned: 'notifications', versionScope: branchVersionScope },
      schema: {
        tags: ['notificaciones'],
        summary: 'Actualizar una notificación',
        description:
          'Una programada (`publish_at` no nulo) se reprograma con otro `publish_at` futuro; sin `publish_at` se ' +
          'publica en ese momento (y se encolan sus push). Una ya publicada no se puede programar (400). Un encargado ' +
          'edita las de su sucursal (404 las demás) y no puede llevarla a otra ni a todas (403).',
        consumes: FORM_BODIES,
        params: ZRouteId,
        body: ZNotificationUpdate,
        response: { 200: makeItemResponse(ZNotification), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const user = requireAuth(request).user;
      const body = request.body;
      const inScope = and(eq(notifications.id, id), notificationsInScope(user));
      const [found] = await app.db.select({ id: notifications.id }).from(notifications).where(inScope);
      if (!found) throw notFound(NOTIFICATION_MSG.notificationNotFound);
      // Moving it to another branch (or to every branch) is a write naming that branch.
      assertBranchInScope(user, body.branch_id);
      await assertNotificationRefs(app.db, body);
      const publishAt = publishAtFrom(body.publish_at, app.now());
      const publishedNow = await app.db.transaction(async (tx) => {
        // Locked against the worker: it either published it already, or cannot until this commits.
        const scheduled = await lockScheduled(tx, 'notification', id);
        if (!scheduled && publishAt) throw fieldError('publish_at', SCHEDULE_MSG.alreadyPublished);
        const [row] = await tx
          .update(notifications)
          .set({ ...notificationValues(body), ...(publishAt && { publishAt }) })
          .where(inScope)
          .returning({ id: notifications.id });
        if (!row) throw notFound(NOTIFICATION_MSG.notificationNotFound);
        if (!scheduled) return false;
        if (publishAt) {
          await scheduleJob(tx, 'notification', id, publishAt);
          return false;
        }
        // Scheduled, and sent without a time: published now, its pushes queued now.
        await cancelJob(tx, 'notification', id);
        return publishRecord(tx, 'notification', id, app.now(), app.config.timeZone);
      });
      if (publishedNow) afterCommit(() => app.push.queue.wake());
      return { data: (await findNotification(app.db, id, user))! };
    },
  );
};
