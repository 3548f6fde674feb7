import { makeListResponse, ZNotification, ZNotificationListQuery } from '@panel/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notifications } from '../../db/schema/notifications.ts';
import { containsTextInAny, fetchPage, parseSort, textSortKey } from '../../lib/list-query.ts';
import { errors } from '../schemas.ts';
import { selectNotifications, toNotificationDto } from './notification-dto.ts';

const SORT_COLUMNS = {
  title: textSortKey(notifications.title),
  message: textSortKey(notifications.message),
  created_at: sql`${notifications.createdAt}`,
} satisfies Record<string, SQL>;

export const listNotificationsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificaciones'],
        summary: 'Listar notificaciones',
        description:
          '`q` busca en título y mensaje sin distinguir mayúsculas ni acentos. Filtros: ' +
          '`notification_type_id`, `branch_id`. Orden por defecto: las más nuevas primero.',
        querystring: ZNotificationListQuery,
        response: { 200: makeListResponse(ZNotification), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const conditions: SQL[] = [];
      if (query.q) {
        conditions.push(containsTextInAny(query.q, notifications.title, notifications.message));
      }
      if (query.notification_type_id) {
        conditions.push(eq(notifications.notificationTypeId, query.notification_type_id));
      }
      if (query.branch_id) conditions.push(eq(notifications.branchId, query.branch_id));
      const where = and(...conditions);

      const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'created_at', true);
      const direction = sort.desc ? desc : asc;
      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          selectNotifications(app.db)
            .where(where)
            .orderBy(direction(SORT_COLUMNS[sort.key]), direction(notifications.id))
            .limit(limit)
            .offset(offset),
        app.db.select({ n: count() }).from(notifications).where(where),
      );
      return { data: rows.map(toNotificationDto), meta };
    },
  );
};
