import { ZAppNotificationRead } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { markNotificationRead } from '../../services/notifications/app-notifications.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

export const readNotificationRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/app/notifications/:id/read',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Marcar una notificación como leída',
        description:
          'Idempotente: las siguientes conservan la hora de la primera. Devuelve las no leídas que quedan.',
        params: ZRouteId,
        response: { 200: ZAppNotificationRead, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return { data: await markNotificationRead(app.db, user, request.params.id, app.now()) };
    },
  );
};
