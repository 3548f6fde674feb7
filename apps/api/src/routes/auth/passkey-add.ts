import { PASSKEY_MSG, ZPasskeyRegister, ZPasskeyResponse } from '@panel/shared';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, fieldError } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { deviceWords, storedUserAgent } from '../../services/auth/device.ts';
import { registerPasskey } from '../../services/auth/passkeys.ts';
import { errors } from '../schemas.ts';
import { appRelyingParty } from './passkey-rp.ts';

/** "Agregar llave de acceso", second step: the browser's new passkey, checked and kept. Audited. */
export const passkeyAddRoute: FastifyPluginAsyncZod = async (app) => {
  const rp = appRelyingParty(app);
  app.post(
    '/api/me/passkeys',
    {
      config: { access: 'panel', mfaSetup: true },
      schema: {
        tags: ['sesión'],
        summary: 'Agregar una llave de acceso',
        description:
          '`response`: lo que respondió `navigator.credentials.create` (RegistrationResponseJSON) con las ' +
          'opciones de `POST /api/me/passkeys/options`. Se comprueban el desafío (una vez), el origen, el sitio ' +
          'y la verificación del dispositivo. 400 si no es válida; 409 si ya estaba. Queda en Auditoría.',
        body: ZPasskeyRegister,
        response: { 201: ZPasskeyResponse, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const name = deviceWords(storedUserAgent(request.headers['user-agent']));
      const added = await registerPasskey(
        app.db,
        rp,
        user.id,
        request.body.response as unknown as RegistrationResponseJSON,
        name,
        app.now(),
      );
      if (added === 'invalid') throw fieldError('response', PASSKEY_MSG.invalid);
      if (added === 'duplicate') throw conflict(PASSKEY_MSG.alreadyRegistered);
      return reply.code(201).send({ data: added });
    },
  );
};
