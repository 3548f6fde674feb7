import { ZAppUnreadCount } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { unreadCount } from '../../services/notifications/app-notifications.ts';
import { remindersDue } from '../../services/surveys/available.ts';
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
        description:
          'Para el globito de la pestaña: `unread_count`, las notificaciones sin leer; `reminders_due`, las encuestas ' +
          'cuyo recordatorio ya llegó y quien llama no respondió (Avisos las muestra arriba).',
        response: { 200: ZAppUnreadCount, ...errors(401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const [unread, due] = await Promise.all([
        unreadCount(app.db, user),
        remindersDue(app.db, user, app.now()),
      ]);
      return { data: { unread_count: unread, reminders_due: due } };
    },
  );
};
