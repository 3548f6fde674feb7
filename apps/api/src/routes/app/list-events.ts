import { makeListResponse, ZAppEvent, ZAppEventsQuery } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { fetchPage } from '../../lib/list-query.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errors } from '../schemas.ts';
import { eventsWhere, SOONEST, selectEvents, toDto } from './app-events.ts';
import { APP_TAG } from './app-scope.ts';

export const listAppEventsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/events',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Eventos del vendedor',
        description:
          'Los de su sucursal y los de todas. `period=upcoming` (por defecto): los que no terminaron, el más próximo primero; `past`: los terminados; `all`: todos (estos dos, el más reciente primero).',
        querystring: ZAppEventsQuery,
        response: { 200: makeListResponse(ZAppEvent), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const now = app.now().toISOString();
      const { period } = request.query;
      const when =
        period === 'upcoming'
          ? sql`e.end_at >= ${now}::timestamptz`
          : period === 'past'
            ? sql`e.end_at < ${now}::timestamptz`
            : sql`true`;
      const order = period === 'upcoming' ? SOONEST : sql`e.start_at DESC, e.id DESC`;
      const where = eventsWhere(user, when);
      const { rows, meta } = await fetchPage(
        request.query,
        ({ limit, offset }) => selectEvents(app.db, where, order, limit, offset),
        queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM events e WHERE ${where}`),
      );
      return { data: rows.map(toDto), meta };
    },
  );
};
