import { ZAppPushPublicKey } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

export const getPushKeyRoute: FastifyPluginAsyncZod = async (app) => {
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
};
