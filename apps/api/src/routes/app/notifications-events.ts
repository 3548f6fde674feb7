import { makeListResponse, ZAppEvent, ZAppEventsQuery, ZAppNotification, ZAppPageQuery } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { fetchPage } from '../../lib/list-query.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errors } from '../schemas.ts';
import { APP_TAG, iso, visibleTo } from './app-scope.ts';

export const notificationsEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/notifications',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Notificaciones del vendedor',
        description: 'Las de su sucursal y las de todas, la más nueva primero.',
        querystring: ZAppPageQuery,
        response: { 200: makeListResponse(ZAppNotification), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const where = visibleTo(user, sql`n.branch_id`);
      const { rows, meta } = await fetchPage(
        request.query,
        ({ limit, offset }) =>
          queryRows<{
            id: number;
            title: string;
            message: string;
            branch_id: number | null;
            type_id: number;
            type_name: string;
            type_color: string;
            type_icon: string;
            created_at: Date | string;
          }>(
            app.db,
            sql`SELECT n.id, n.title, n.message, n.branch_id, t.id AS type_id, t.name AS type_name,
              t.color AS type_color, t.icon AS type_icon, n.created_at
            FROM notifications n JOIN notification_types t ON t.id = n.notification_type_id
            WHERE ${where} ORDER BY n.created_at DESC, n.id DESC LIMIT ${limit} OFFSET ${offset}`,
          ),
        queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM notifications n WHERE ${where}`),
      );
      return {
        data: rows.map((n) => ({
          id: n.id,
          title: n.title,
          message: n.message,
          branch_id: n.branch_id,
          type: { id: n.type_id, name: n.type_name, color: n.type_color, icon: n.type_icon },
          created_at: iso(n.created_at),
        })),
        meta,
      };
    },
  );

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
      const order = period === 'upcoming' ? sql`e.start_at ASC, e.id ASC` : sql`e.start_at DESC, e.id DESC`;
      const where = sql`${visibleTo(user, sql`e.branch_id`)} AND ${when}`;
      const { rows, meta } = await fetchPage(
        request.query,
        ({ limit, offset }) =>
          queryRows<{
            id: number;
            title: string;
            description: string | null;
            branch_id: number | null;
            type_id: number;
            type_name: string;
            type_color: string;
            start_at: Date | string;
            end_at: Date | string;
          }>(
            app.db,
            sql`SELECT e.id, e.title, e.description, e.branch_id, t.id AS type_id, t.name AS type_name,
              t.color AS type_color, e.start_at, e.end_at
            FROM events e JOIN event_types t ON t.id = e.event_type_id
            WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
          ),
        queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM events e WHERE ${where}`),
      );
      return {
        data: rows.map((e) => ({
          id: e.id,
          title: e.title,
          description: e.description,
          branch_id: e.branch_id,
          type: { id: e.type_id, name: e.type_name, color: e.type_color },
          start_at: iso(e.start_at),
          end_at: iso(e.end_at),
        })),
        meta,
      };
    },
  );
};
