import { MSG, makeItemResponse, ZUserActivity } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { getUserActivity } from '../../services/users/activity.ts';
import { personInScope } from '../../services/users/records.ts';
import { errors, ZRouteId } from '../schemas.ts';

export const getUserActivityRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:id/activity',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['usuarios'],
        summary: 'Actividad de un usuario',
        description:
          'Resumen, conteos por período (hoy, últimos 7 y 30 días, en la zona horaria del negocio) ' +
          'y las 20 acciones más recientes.',
        params: ZRouteId,
        response: { 200: makeItemResponse(ZUserActivity), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // A manager reads the sellers of their branch only (404 for anyone else).
      await personInScope(app.db, requireAuth(request).user, request.params.id);
      const activity = await getUserActivity(app.db, request.params.id, app.now(), app.config.timeZone);
      if (!activity) throw notFound(MSG.userNotFound);
      return { data: activity };
    },
  );
};
