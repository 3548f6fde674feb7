import { ZAppReadAll } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { markAllNotificationsRead } from '../../services/notifications/app-notifications.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

export const readAllNotificationsRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/app/notifications/read-all',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Marcar todas mis notificaciones como leídas',
        response: { 200: ZAppReadAll, ...errors(401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return { data: await markAllNotificationsRead(app.db, user, app.now()) };
    },
  );
};
