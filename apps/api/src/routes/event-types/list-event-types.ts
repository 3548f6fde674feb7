import { makeListResponse, ZEventType, ZEventTypeListQuery } from '@panel/shared';
import { asc, count, desc, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventTypes } from '../../db/schema/events.ts';
import { containsText, fetchPage, parseSort, textSortKey } from '../../lib/list-query.ts';
import { errors } from '../schemas.ts';
import { eventTypeColumns, toEventTypeDto } from './event-type-dto.ts';

const SORT_COLUMNS = {
  name: textSortKey(eventTypes.name),
  created_at: sql`${eventTypes.createdAt}`,
} satisfies Record<string, SQL>;

export const listEventTypesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/event-types',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['eventos'],
        summary: 'Listar tipos de evento',
        description: '`q` busca en el nombre sin distinguir mayúsculas ni acentos.',
        querystring: ZEventTypeListQuery,
        response: { 200: makeListResponse(ZEventType), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const where = query.q ? containsText(eventTypes.name, query.q) : undefined;
      const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'name');
      const direction = sort.desc ? desc : asc;
      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          app.db
            .select(eventTypeColumns)
            .from(eventTypes)
            .where(where)
            .orderBy(direction(SORT_COLUMNS[sort.key]), direction(eventTypes.id))
            .limit(limit)
            .offset(offset),
        app.db.select({ n: count() }).from(eventTypes).where(where),
      );
      return { data: rows.map(toEventTypeDto), meta };
    },
  );
};
