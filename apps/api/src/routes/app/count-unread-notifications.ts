import { ZAppUnreadCount } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { unreadCount } from '../../services/notifications/app-notifications.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

export const countUnreadNotificationsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/notifications/unread-count',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Cuántas notificaciones no leídas tengo',
        description: 'Para el globito de la pestaña.',
        response: { 200: ZAppUnreadCount, ...errors(401) },
      },
    },
    async (request) => ({ data: { unread_count: await unreadCount(app.db, requireAuth(request).user) } }),
  );
};
