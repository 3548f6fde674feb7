import { APP_MSG, ZAppPushSubscribed, ZAppPushSubscription } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { limitedResponse } from '../../plugins/seller-limits.ts';
import { subscribeDevice } from '../../services/push/subscriptions.ts';
import { canonicalEndpoint, endpointProblem } from '../../services/push/targets.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

export const subscribePushRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/app/push/subscriptions',
    {
      config: { access: 'app', sellerLimit: { kind: 'pushSubscriptions', created: true } },
      schema: {
        tags: [APP_TAG],
        summary: 'Suscribir este dispositivo a los push',
        description:
          'El cuerpo es `PushSubscription.toJSON()`: `endpoint` y `keys` `{p256dh, auth}`. El endpoint tiene que ser ' +
          'https, puerto 443, de un servicio push conocido (`fcm.googleapis.com`, `*.push.services.mozilla.com`, ' +
          '`web.push.apple.com`, `*.notify.windows.com`, más los de `PUSH_EXTRA_HOSTS`); `p256dh` un punto P-256 sin ' +
          'comprimir (65 bytes) y `auth` 16 bytes, en base64url. Una suscripción por dispositivo, identificada por su ' +
          'endpoint: volver a enviarla la actualiza (201 la primera vez, 200 después), y si el dispositivo era de otro ' +
          'usuario pasa a ser de quien llama. Cada usuario tiene como mucho `PUSH_MAX_DEVICES` dispositivos (10 por ' +
          'defecto): uno nuevo reemplaza al más antiguo. Como mucho `RATE_LIMIT_PUSH_SUBSCRIPTIONS` dispositivos nuevos por ' +
          'cuenta (10 por hora por defecto; volver a enviar la del mismo dispositivo no cuenta): más, 429 con `Retry-After`.',
        body: ZAppPushSubscription,
        response: {
          200: ZAppPushSubscribed,
          201: ZAppPushSubscribed,
          ...errors(400, 401),
          ...limitedResponse('pushSubscriptions'),
        },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const problem = endpointProblem(request.body.endpoint, app.push.policy);
      if (problem) {
        throw fieldError(
          'endpoint',
          problem === 'invalid' ? APP_MSG.pushEndpointInvalid : APP_MSG.pushEndpointNotAllowed,
        );
      }
      const { inserted, ...data } = await subscribeDevice(app.db, {
        userId: user.id,
        endpoint: canonicalEndpoint(request.body.endpoint),
        keys: request.body.keys,
        userAgent: (request.headers['user-agent'] ?? '').slice(0, 300) || null,
        now: app.now(),
        maxDevices: app.config.push.maxDevices,
      });
      return reply.code(inserted ? 201 : 200).send({ data });
    },
  );
};
