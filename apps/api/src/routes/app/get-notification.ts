import { makeItemResponse, ZAppNotification } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { appNotificationById } from '../../services/notifications/app-notifications.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

export const getAppNotificationRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/notifications/:id',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Una notificación',
        description:
          'Lo que abre un push al tocarlo. No la marca leída. 404 si no existe o es de otra sucursal.',
        params: ZRouteId,
        response: { 200: makeItemResponse(ZAppNotification), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return { data: await appNotificationById(app.db, user, request.params.id) };
    },
  );
};
