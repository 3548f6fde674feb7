import { isIP } from 'node:net';
import {
  APP_MSG,
  ZAppPushPublicKey,
  ZAppPushSubscribed,
  ZAppPushSubscription,
  ZAppPushUnsubscribe,
} from '@panel/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/push.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { errors } from '../schemas.ts';
import { APP_TAG, iso } from './app-scope.ts';

/**
 * A push endpoint is a URL the server will POST to, so it must look like a push service:
 * https, and not a loopback, private or link-local address written as such (a seller must not
 * make the server call into its own network). Plain http is for the tests' local service only.
 */
export function isAcceptableEndpoint(endpoint: string, allowHttp: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (allowHttp) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return false;
  const kind = isIP(host);
  if (kind === 4) {
    const [a, b] = host.split('.').map(Number) as [number, number];
    if (a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31))
      return false;
    if ((a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127)) return false;
  }
  if (
    kind === 6 &&
    (host === '::1' || host === '::' || /^(fc|fd|fe8|fe9|fea|feb)/.test(host) || host.startsWith('::ffff:'))
  )
    return false;
  return true;
}

export const appPushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app/push/public-key',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Clave pública VAPID para suscribirse a los push',
        description:
          'base64url (65 bytes sin comprimir), para `pushManager.subscribe({userVisibleOnly: true, applicationServerKey})`.',
        response: { 200: ZAppPushPublicKey, ...errors(401) },
      },
    },
    async () => ({ data: { public_key: (await app.push.keys()).publicKey } }),
  );

  app.post(
    '/api/app/push/subscriptions',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Suscribir este dispositivo a los push',
        description:
          'El cuerpo es `PushSubscription.toJSON()`: `endpoint` (https) y `keys` `{p256dh, auth}`. Una suscripción por ' +
          'dispositivo, identificada por su endpoint: volver a enviarla la actualiza (201 la primera vez, 200 después), ' +
          'y si el dispositivo era de otro usuario pasa a ser de quien llama.',
        body: ZAppPushSubscription,
        response: { 200: ZAppPushSubscribed, 201: ZAppPushSubscribed, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { endpoint, keys } = request.body;
      if (!isAcceptableEndpoint(endpoint, app.push.allowHttpEndpoints)) {
        throw fieldError('endpoint', APP_MSG.pushEndpointInvalid);
      }
      const userAgent = (request.headers['user-agent'] ?? '').slice(0, 300) || null;
      const [row] = await queryRows<{
        id: number;
        endpoint: string;
        created_at: Date | string;
        inserted: boolean;
      }>(
        app.db,
        sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, user_agent, created_at)
          VALUES (${user.id}, ${endpoint}, ${keys.p256dh}, ${keys.auth}, ${userAgent}, ${app.now().toISOString()}::timestamptz)
          ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh,
            auth = EXCLUDED.auth, user_agent = EXCLUDED.user_agent
          RETURNING id, endpoint, created_at, (xmax = 0) AS inserted`,
      );
      return reply
        .code(row!.inserted ? 201 : 200)
        .send({ data: { id: row!.id, endpoint: row!.endpoint, created_at: iso(row!.created_at) } });
    },
  );

  app.delete(
    '/api/app/push/subscriptions',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Dar de baja los push de este dispositivo',
        description: 'Por `endpoint`, solo si es de quien llama. Idempotente: 204 aunque no existiera.',
        body: ZAppPushUnsubscribe,
        response: { 204: z.null(), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      await app.db
        .delete(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.endpoint, request.body.endpoint), eq(pushSubscriptions.userId, user.id)),
        );
      return reply.code(204).send(null);
    },
  );
};
