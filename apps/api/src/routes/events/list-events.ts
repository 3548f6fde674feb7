import { makeListResponse, ZEvent, ZEventListQuery } from '@panel/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { events } from '../../db/schema/events.ts';
import { containsTextInAny, fetchPage, parseSort, textSortKey } from '../../lib/list-query.ts';
import { errors } from '../schemas.ts';
import { selectEvents, toEventDto } from './event-dto.ts';

const SORT_COLUMNS = {
  title: textSortKey(events.title),
  start_at: sql`${events.startAt}`,
  end_at: sql`${events.endAt}`,
  created_at: sql`${events.createdAt}`,
} satisfies Record<string, SQL>;

/**
 * Events overlapping [from, to): start before `to` and end after `from`. Written as a range
 * overlap so the GiST index on tstzrange(start_at, end_at) serves it (events_period_idx).
 */
export function overlapping(from: string | undefined, to: string | undefined): SQL | undefined {
  if (!from && !to) return undefined;
  return sql`tstzrange(${events.startAt}, ${events.endAt}) && tstzrange(${from ?? null}::timestamptz, ${to ?? null}::timestamptz)`;
}

export const listEventsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/events',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['eventos'],
        summary: 'Listar eventos',
        description:
          '`q` busca en título y descripción. `from`/`to` (instantes ISO) devuelven los eventos que se ' +
          'superponen con [from, to), como pide el calendario. Filtros: `event_type_id`, `branch_id`. ' +
          'Orden por defecto: por inicio, los más recientes primero (con rango: en orden cronológico).',
        querystring: ZEventListQuery,
        response: { 200: makeListResponse(ZEvent), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const conditions: SQL[] = [];
      if (query.q) {
        conditions.push(containsTextInAny(query.q, events.title, events.description));
      }
      const range = overlapping(query.from, query.to);
      if (range) conditions.push(range);
      if (query.event_type_id) conditions.push(eq(events.eventTypeId, query.event_type_id));
      if (query.branch_id) conditions.push(eq(events.branchId, query.branch_id));
      const where = and(...conditions);

      const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'start_at', !range);
      const direction = sort.desc ? desc : asc;
      // With a range, order by an expression rather than the bare indexed column: the GiST index
      // then finds the few overlapping rows and they are sorted, instead of the planner walking
      // start_at from the very first event (measured on 200 000 events, busy machine: 480 ms → 70 ms).
      const orderKey =
        range && sort.key !== 'title'
          ? sql`(${SORT_COLUMNS[sort.key]} + interval '0 seconds')`
          : SORT_COLUMNS[sort.key];
      const { rows, meta } = await fetchPage(
        query,
        ({ limit, offset }) =>
          selectEvents(app.db)
            .where(where)
            .orderBy(direction(orderKey), direction(events.id))
            .limit(limit)
            .offset(offset),
        app.db.select({ n: count() }).from(events).where(where),
      );
      return { data: rows.map(toEventDto), meta };
    },
  );
};
