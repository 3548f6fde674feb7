import { ZAppReadAll } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errors } from '../schemas.ts';
import { unreadCount } from './app-notifications.ts';
import { APP_TAG, visibleTo } from './app-scope.ts';

export const readAllNotificationsRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/app/notifications/read-all',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Marcar todas mis notificaciones como leídas',
        response: { 200: ZAppReadAll, ...errors(401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const marked = await queryRows<{ id: number }>(
        app.db,
        sql`INSERT INTO notification_reads (notification_id, user_id, read_at)
          SELECT n.id, ${user.id}, ${app.now().toISOString()}::timestamptz FROM notifications n
          WHERE ${visibleTo(user, sql`n.branch_id`)}
          ON CONFLICT DO NOTHING RETURNING id`,
      );
      return { data: { marked: marked.length, unread_count: await unreadCount(app.db, user) } };
    },
  );
};
