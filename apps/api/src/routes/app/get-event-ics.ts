import { createHmac } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventCalendar } from '../../lib/ical.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { appEventById } from '../../services/events/app-events.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

export const getEventIcsRoute: FastifyPluginAsyncZod = async (app) => {
  // The `.ics` UID names the event and this installation, never the Host header: the same event
  // fetched through two host names (or a proxy's) is one event in the calendar, not two.
  const uidDomain = `panel-${createHmac('sha256', app.config.appSecret).update('ics-uid').digest('hex').slice(0, 16)}`;
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
      const { row } = await appEventById(app.db, user, request.params.id);
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
