import { ZAppAgenda, ZAppAgendaQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { appAgenda } from '../../services/events/app-events.ts';
import { errors } from '../schemas.ts';
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
      const data = await appAgenda(app.db, user, {
        now: app.now(),
        timeZone: app.config.timeZone,
        limit: request.query.limit,
      });
      return { data };
    },
  );
};
