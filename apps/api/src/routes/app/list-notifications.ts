import { makeListResponse, ZAppNotification, ZAppNotificationsQuery } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { fetchPage } from '../../lib/list-query.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errors } from '../schemas.ts';
import { type NotificationRow, selectNotifications, toDto } from './app-notifications.ts';
import { APP_TAG, visibleTo } from './app-scope.ts';

export const listAppNotificationsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/notifications',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Notificaciones del vendedor',
        description:
          'Las de su sucursal y las de todas: primero las no leídas, y dentro de cada grupo la más nueva primero. ' +
          '`read_at`: cuándo la marcó leída (null: no leída). `filter=unread`: solo las no leídas.',
        querystring: ZAppNotificationsQuery,
        response: { 200: makeListResponse(ZAppNotification), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const unreadOnly =
        request.query.filter === 'unread'
          ? sql`AND NOT EXISTS (SELECT 1 FROM notification_reads x WHERE x.notification_id = n.id AND x.user_id = ${user.id})`
          : sql``;
      const where = sql`${visibleTo(user, sql`n.branch_id`)} ${unreadOnly}`;
      const { rows, meta } = await fetchPage(
        request.query,
        ({ limit, offset }) =>
          queryRows<NotificationRow>(
            app.db,
            sql`${selectNotifications(user, where)}
              ORDER BY (r.read_at IS NULL) DESC, n.created_at DESC, n.id DESC LIMIT ${limit} OFFSET ${offset}`,
          ),
        queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM notifications n WHERE ${where}`),
      );
      return { data: rows.map(toDto), meta };
    },
  );
};
