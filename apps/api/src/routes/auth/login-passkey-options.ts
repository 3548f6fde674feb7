import { ZWebAuthnOptions } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticationOptions } from '../../services/auth/passkeys.ts';
import { errors } from '../schemas.ts';
import { appRelyingParty } from './passkey-rp.ts';

/** "Ingresar con una llave de acceso", first step: options for any passkey of this site the device holds. */
export const loginPasskeyOptionsRoute: FastifyPluginAsyncZod = async (app) => {
  const rp = appRelyingParty(app);
  app.post(
    '/api/login/passkey/options',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Iniciar sesión con una llave de acceso: opciones',
        description:
          'Las opciones de `navigator.credentials.get` (PublicKeyCredentialRequestOptionsJSON) para una llave ' +
          'residente, con verificación del dispositivo. El desafío vale 2 minutos y una sola vez.',
        response: { 200: ZWebAuthnOptions, ...errors(429) },
      },
    },
    async () => ({ data: await authenticationOptions(app.db, rp, null, app.now()) }),
  );
};
