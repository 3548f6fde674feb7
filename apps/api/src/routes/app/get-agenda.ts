import { ZAppAgenda, ZAppAgendaQuery } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { periodRange } from '../../lib/business-time.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errors } from '../schemas.ts';
import { eventsWhere, SOONEST, selectEvents, toDto } from './app-events.ts';
import { APP_TAG } from './app-scope.ts';

export const getAgendaRoute: FastifyPluginAsyncZod = async (app) => {
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
};
