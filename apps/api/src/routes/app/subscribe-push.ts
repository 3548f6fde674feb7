import { APP_MSG, ZAppPushSubscribed, ZAppPushSubscription } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { limitedResponse } from '../../plugins/seller-limits.ts';
import { canonicalEndpoint, endpointProblem } from '../../services/push/targets.ts';
import { errors } from '../schemas.ts';
import { APP_TAG, iso } from './app-scope.ts';

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
      const { keys } = request.body;
      const problem = endpointProblem(request.body.endpoint, app.push.policy);
      if (problem) {
        throw fieldError(
          'endpoint',
          problem === 'invalid' ? APP_MSG.pushEndpointInvalid : APP_MSG.pushEndpointNotAllowed,
        );
      }
      const endpoint = canonicalEndpoint(request.body.endpoint);
      const userAgent = (request.headers['user-agent'] ?? '').slice(0, 300) || null;
      const now = app.now().toISOString();
      const row = await app.db.transaction(async (tx) => {
        // One subscriber at a time per user, so the device cap holds under parallel requests.
        await queryRows(tx, sql`SELECT id FROM users WHERE id = ${user.id} FOR NO KEY UPDATE`);
        const [saved] = await queryRows<{
          id: number;
          endpoint: string;
          created_at: Date | string;
          inserted: boolean;
        }>(
          tx,
          sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, user_agent, created_at)
            VALUES (${user.id}, ${endpoint}, ${keys.p256dh}, ${keys.auth}, ${userAgent}, ${now}::timestamptz)
            ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh,
              auth = EXCLUDED.auth, user_agent = EXCLUDED.user_agent,
              -- A device taken over by another user is that user's newest.
              created_at = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id
                THEN push_subscriptions.created_at ELSE EXCLUDED.created_at END
            RETURNING id, endpoint, created_at, (xmax = 0) AS inserted`,
        );
        // The oldest devices beyond the cap give way (their queued jobs end as `gone`).
        await queryRows(
          tx,
          sql`DELETE FROM push_subscriptions WHERE user_id = ${user.id} AND id NOT IN (
            SELECT id FROM push_subscriptions WHERE user_id = ${user.id}
            ORDER BY created_at DESC, id DESC LIMIT ${app.config.push.maxDevices})`,
        );
        return saved!;
      });
      return reply
        .code(row.inserted ? 201 : 200)
        .send({ data: { id: row.id, endpoint: row.endpoint, created_at: iso(row.created_at) } });
    },
  );
};
