import { makeListResponse, ZNotificationType, ZNotificationTypeListQuery } from '@panel/shared';
import { asc, count, desc, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationTypes } from '../../db/schema/notifications.ts';
import { containsText, fetchPage, parseSort, textSortKey } from '../../lib/list-query.ts';
import { errors } from '../schemas.ts';
import { notificationTypeColumns, toNotificationTypeDto } from './notification-type-dto.ts';

const SORT_COLUMNS = {
  name: textSortKey(notificationTypes.name),
  created_at: sql`${notificationTypes.createdAt}`,
} satisfies Record<string, SQL>;

export const listNotificationTypesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notification-types',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['notificaciones'],
        summary: 'Listar tipos de notificación',
        description: '`q` busca en el nombre sin distinguir mayúsculas ni acentos.',
        querystring: ZNotificationTypeListQuery,
        response: { 200: makeListResponse(ZNotificationType), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const where = query.q ? containsText(notificationTypes.name, query.q) : undefined;
      const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'name');
      const direction = sort.desc ? desc : asc;
      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          app.db
            .select(notificationTypeColumns)
            .from(notificationTypes)
            .where(where)
            .orderBy(direction(SORT_COLUMNS[sort.key]), direction(notificationTypes.id))
            .limit(limit)
            .offset(offset),
        app.db.select({ n: count() }).from(notificationTypes).where(where),
      );
      return { data: rows.map(toNotificationTypeDto), meta };
    },
  );
};
