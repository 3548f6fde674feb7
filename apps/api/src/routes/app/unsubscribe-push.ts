import { APP_MSG, ZAppPushUnsubscribe } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { unsubscribeDevice } from '../../services/push/subscriptions.ts';
import { canonicalEndpoint } from '../../services/push/targets.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

export const unsubscribePushRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/app/push/subscriptions',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Dar de baja los push de este dispositivo',
        description:
          'Por `endpoint`, solo si es de quien llama (el último usuario que suscribió ese dispositivo). 404 si no ' +
          'tiene una suscripción con ese endpoint: la de otro usuario no se toca.',
        body: ZAppPushUnsubscribe,
        response: { 204: z.null(), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const gone = await unsubscribeDevice(app.db, user.id, canonicalEndpoint(request.body.endpoint));
      if (!gone) throw notFound(APP_MSG.pushSubscriptionNotFound);
      return reply.code(204).send(null);
    },
  );
};
