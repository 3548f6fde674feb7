import { makeListResponse, ZAppEvent, ZAppEventsQuery } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { listAppEvents } from '../../services/events/app-events.ts';
import { errors } from '../schemas.ts';
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
      return listAppEvents(app.db, user, request.query, app.now());
    },
  );
};
