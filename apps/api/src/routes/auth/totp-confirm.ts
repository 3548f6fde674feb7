import { MFA_MSG, ZRecoveryCodes, ZTotpConfirm } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, fieldError } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { confirmTotp } from '../../services/auth/mfa.ts';
import { errors } from '../schemas.ts';

/** The first code turns the pending key on; the 10 recovery codes are answered, once. */
export const totpConfirmRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/me/mfa/totp/confirm',
    {
      config: { access: 'panel', mfaSetup: true },
      schema: {
        tags: ['sesión'],
        summary: 'Activar la verificación en dos pasos: primer código',
        description:
          '`code`: los 6 dígitos que muestra la aplicación para la clave pendiente. La activa y responde los 10 ' +
          'códigos de recuperación (`recovery_codes`): se muestran esta única vez, solo se guarda su hash. ' +
          '400 en `code` si no es correcto; 409 si no hay clave pendiente o ya está activa.',
        body: ZTotpConfirm,
        response: { 200: ZRecoveryCodes, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const result = await app.db.transaction((tx) =>
        confirmTotp(tx, app.totpBox, user.id, request.body.code, app.now()),
      );
      if (result === 'enabled') throw conflict(MFA_MSG.alreadyEnabled);
      if (result === 'no-setup') throw conflict(MFA_MSG.noPendingSetup);
      if (result === 'invalid') throw fieldError('code', MFA_MSG.codeInvalid);
      return { recovery_codes: result };
    },
  );
};
