import { APP_MSG, ZAppPushUnsubscribe } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
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
      const deleted = await queryRows<{ id: number }>(
        app.db,
        sql`DELETE FROM push_subscriptions WHERE endpoint = ${canonicalEndpoint(request.body.endpoint)} AND user_id = ${user.id}
          RETURNING id`,
      );
      if (deleted.length === 0) throw notFound(APP_MSG.pushSubscriptionNotFound);
      return reply.code(204).send(null);
    },
  );
};
