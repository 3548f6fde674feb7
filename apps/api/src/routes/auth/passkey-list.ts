import { ZPasskeyList } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { listPasskeys } from '../../services/auth/passkeys.ts';
import { errors } from '../schemas.ts';

/** "Mi cuenta" → "Llaves de acceso": the account's passkeys. */
export const passkeyListRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/passkeys',
    {
      config: { access: 'panel', mfaSetup: true },
      schema: {
        tags: ['sesión'],
        summary: 'Llaves de acceso de la cuenta',
        description:
          'Las llaves de acceso (WebAuthn) de la cuenta, la más antigua primero, con su último uso.',
        response: { 200: ZPasskeyList, ...errors(401, 403) },
      },
    },
    async (request) => ({ data: await listPasskeys(app.db, requireAuth(request).user.id) }),
  );
};
