import { MFA_MSG, ZPasskeyMfaOptions, ZWebAuthnOptions } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-errors.ts';
import { findMfaToken } from '../../services/auth/mfa.ts';
import { authenticationOptions } from '../../services/auth/passkeys.ts';
import { errors } from '../schemas.ts';
import { appRelyingParty } from './passkey-rp.ts';

/** The second step with a passkey, first call: options for the passkeys of the password's account. */
export const loginMfaPasskeyOptionsRoute: FastifyPluginAsyncZod = async (app) => {
  const rp = appRelyingParty(app);
  app.post(
    '/api/login/mfa/passkey/options',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Iniciar sesión: llave de acceso como segundo paso, opciones',
        description:
          '`mfa_token`: el de `POST /api/login`. Opciones de `navigator.credentials.get` con las llaves de esa ' +
          'cuenta. 401 si el token venció o ya se usó.',
        body: ZPasskeyMfaOptions,
        response: { 200: ZWebAuthnOptions, ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const pending = await findMfaToken(app.db, request.body.mfa_token, app.now());
      if (!pending) throw new HttpError(401, MFA_MSG.tokenExpired);
      return { data: await authenticationOptions(app.db, rp, pending.userId, app.now()) };
    },
  );
};
