import { ZWebAuthnOptions } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { registrationOptions } from '../../services/auth/passkeys.ts';
import { errors } from '../schemas.ts';
import { appRelyingParty } from './passkey-rp.ts';

/** "Agregar llave de acceso", first step: the options the browser's WebAuthn call takes. */
export const passkeyOptionsRoute: FastifyPluginAsyncZod = async (app) => {
  const rp = appRelyingParty(app);
  app.get(
    '/api/me/passkeys/options',
    {
      config: { access: 'panel', mfaSetup: true },
      schema: {
        tags: ['sesión'],
        summary: 'Agregar una llave de acceso: opciones',
        description:
          'Las opciones de `navigator.credentials.create` (PublicKeyCredentialCreationOptionsJSON): llave ' +
          'residente, verificación del dispositivo obligatoria, sin las llaves que la cuenta ya tiene. El desafío ' +
          'vale 2 minutos y una sola vez. Un GET (nada que se vea cambia; el desafío es de un solo uso), con ' +
          '`Cache-Control: no-store`.',
        response: { 200: ZWebAuthnOptions, ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await registrationOptions(app.db, rp, requireAuth(request).user, app.now()) };
    },
  );
};
