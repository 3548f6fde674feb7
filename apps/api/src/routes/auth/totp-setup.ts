import { MFA_MSG, ZTotpSetup } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { startTotpSetup } from '../../services/auth/mfa.ts';
import { errors } from '../schemas.ts';

/** "Verificación en dos pasos" → "Activar": a new key, pending until the first code. */
export const totpSetupRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/me/mfa/totp/setup',
    {
      config: { access: 'panel', mfaSetup: true },
      schema: {
        tags: ['sesión'],
        summary: 'Activar la verificación en dos pasos: nueva clave',
        description:
          'Una clave nueva para la aplicación de autenticación: `secret` (base32, para escribirla a mano), ' +
          '`otpauth_url` y su código QR (`qr_svg`). Queda pendiente hasta que `POST /api/me/mfa/totp/confirm` ' +
          'reciba un primer código; pedir otra reemplaza la pendiente. 409 si ya está activa; 403 para vendedores.',
        response: { 200: ZTotpSetup, ...errors(401, 403, 409) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const setup = await startTotpSetup(app.db, app.totpBox, user);
      if (setup === 'enabled') throw conflict(MFA_MSG.alreadyEnabled);
      return { secret: setup.secret, otpauth_url: setup.otpauthUrl, qr_svg: setup.qrSvg };
    },
  );
};
