import { createHmac } from 'node:crypto';
import {
  APP_MSG,
  makeItemResponse,
  makeListResponse,
  ZAppAgenda,
  ZAppAgendaQuery,
  ZAppEvent,
  ZAppEventsQuery,
} from '@panel/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { periodRange } from '../../lib/business-time.ts';
import { notFound } from '../../lib/http-errors.ts';
import { eventCalendar } from '../../lib/ical.ts';
import { fetchPage } from '../../lib/list-query.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { SessionUser } from '../../services/auth/sessions.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG, iso, visibleTo } from './app-scope.ts';

interface EventRow {
  id: number;
  title: string;
  description: string | null;
  branch_id: number | null;
  branch_name: string | null;
  type_id: number;
  type_name: string;
  type_color: string;
  start_at: Date | string;
  end_at: Date | string;
}

const eventsWhere = (user: SessionUser, condition: SQL) =>
  sql`${visibleTo(user, sql`e.branch_id`)} AND ${condition}`;

function selectEvents(db: Db, where: SQL, order: SQL, limit: number, offset = 0) {
  return queryRows<EventRow>(
    db,
    sql`SELECT e.id, e.title, e.description, e.branch_id, b.name AS branch_name, t.id AS type_id,
        t.name AS type_name, t.color AS type_color, e.start_at, e.end_at
      FROM events e JOIN event_types t ON t.id = e.event_type_id LEFT JOIN branches b ON b.id = e.branch_id
      WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
  );
}

const toDto = (e: EventRow) => ({
  id: e.id,
  title: e.title,
  description: e.description,
  branch_id: e.branch_id,
  branch_name: e.branch_name,
  type: { id: e.type_id, name: e.type_name, color: e.type_color },
  start_at: iso(e.start_at),
  end_at: iso(e.end_at),
  ics_url: `/api/app/events/${e.id}.ics`,
});

const SOONEST = sql`e.start_at ASC, e.id ASC`;

export const appEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The `.ics` UID names the event and this installation, never the Host header: the same event
  // fetched through two host names (or a proxy's) is one event in the calendar, not two.
  const uidDomain = `panel-${createHmac('sha256', app.config.appSecret).update('ics-uid').digest('hex').slice(0, 16)}`;
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

  app.get(
    '/api/app/agenda',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Agenda: los eventos de esta semana y los que vienen',
        description:
          'De la sucursal del vendedor y de todas, con el color de su tipo. `this_week`: los que se cruzan con esta semana ' +
          '(lunes a domingo en la zona horaria del negocio), también los ya terminados; `coming`: los que empiezan después, ' +
          'hasta `limit`. Los dos, el más próximo primero. Una sola respuesta, para guardarla sin conexión.',
        querystring: ZAppAgendaQuery,
        response: { 200: ZAppAgenda, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { from, to } = periodRange('weekly', app.now(), app.config.timeZone) as { from: Date; to: Date };
      const weekStart = from.toISOString();
      const weekEnd = to.toISOString();
      const [thisWeek, coming] = await Promise.all([
        selectEvents(
          app.db,
          eventsWhere(
            user,
            sql`e.start_at < ${weekEnd}::timestamptz AND e.end_at >= ${weekStart}::timestamptz`,
          ),
          SOONEST,
          500,
        ),
        selectEvents(
          app.db,
          eventsWhere(user, sql`e.start_at >= ${weekEnd}::timestamptz`),
          SOONEST,
          request.query.limit,
        ),
      ]);
      return {
        data: {
          time_zone: app.config.timeZone,
          week_start: weekStart,
          week_end: weekEnd,
          this_week: thisWeek.map(toDto),
          coming: coming.map(toDto),
        },
      };
    },
  );

  app.get(
    '/api/app/events/:id',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Un evento',
        params: ZRouteId,
        response: { 200: makeItemResponse(ZAppEvent), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const [row] = await selectEvents(
        app.db,
        eventsWhere(user, sql`e.id = ${request.params.id}`),
        SOONEST,
        1,
      );
      if (!row) throw notFound(APP_MSG.eventNotFound);
      return { data: toDto(row) };
    },
  );

  app.get(
    '/api/app/events/:id.ics',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Un evento como archivo de calendario (.ics)',
        description:
          '`text/calendar` (RFC 5545) para agregarlo al calendario del teléfono, con la hora en la zona horaria del negocio ' +
          '(APP_TIMEZONE) y su VTIMEZONE.',
        params: ZRouteId,
        produces: ['text/calendar'],
        response: { 200: z.string(), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const [row] = await selectEvents(
        app.db,
        eventsWhere(user, sql`e.id = ${request.params.id}`),
        SOONEST,
        1,
      );
      if (!row) throw notFound(APP_MSG.eventNotFound);
      const body = eventCalendar(
        {
          uid: `${row.id}-evento@${uidDomain}`,
          title: row.title,
          description: row.description,
          category: row.type_name,
          startAt: new Date(row.start_at),
          endAt: new Date(row.end_at),
        },
        app.config.timeZone,
        app.now(),
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="evento-${row.id}.ics"`)
        .header('cache-control', 'private, no-cache')
        .send(body);
    },
  );
};
