import { APP_MSG, ZAppNotificationRead } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { unreadCount } from './app-notifications.ts';
import { APP_TAG, iso, visibleTo } from './app-scope.ts';

export const readNotificationRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/app/notifications/:id/read',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Marcar una notificación como leída',
        description:
          'Idempotente: las siguientes conservan la hora de la primera. Devuelve las no leídas que quedan.',
        params: ZRouteId,
        response: { 200: ZAppNotificationRead, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const id = request.params.id;
      return app.db.transaction(async (tx) => {
        const [visible] = await queryRows<{ id: number }>(
          tx,
          sql`SELECT n.id FROM notifications n WHERE n.id = ${id} AND ${visibleTo(user, sql`n.branch_id`)}`,
        );
        if (!visible) throw notFound(APP_MSG.notificationNotFound);
        await queryRows(
          tx,
          sql`INSERT INTO notification_reads (notification_id, user_id, read_at)
            VALUES (${id}, ${user.id}, ${app.now().toISOString()}::timestamptz) ON CONFLICT DO NOTHING`,
        );
        const [read] = await queryRows<{ read_at: Date | string }>(
          tx,
          sql`SELECT read_at FROM notification_reads WHERE notification_id = ${id} AND user_id = ${user.id}`,
        );
        return { data: { id, read_at: iso(read!.read_at), unread_count: await unreadCount(tx, user) } };
      });
    },
  );
};
