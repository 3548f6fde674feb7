import { MFA_MSG, ZMfaProof, ZRecoveryCodes } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, fieldError } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { hasSecondFactor, proveAccount, regenerateRecoveryCodes } from '../../services/auth/mfa.ts';
import { errors } from '../schemas.ts';
import { reserveProofCheck } from './mfa-proof.ts';

/** "Generar códigos nuevos": 10 new recovery codes, the old ones stop working. */
export const recoveryCodesRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/me/mfa/recovery-codes',
    {
      config: { access: 'admin', mfaSetup: true },
      schema: {
        tags: ['sesión'],
        summary: 'Generar códigos de recuperación nuevos',
        description:
          'Con la contraseña actual (`password`) o un código (`code`). Responde 10 códigos nuevos, que se ' +
          'muestran esta única vez; los anteriores dejan de servir. Intentos limitados como al desactivar.',
        body: ZMfaProof,
        response: { 200: ZRecoveryCodes, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!(await hasSecondFactor(app.db, auth.user.id))) throw conflict(MFA_MSG.notEnabled);
      const refund = await reserveProofCheck(app.loginThrottle, auth);
      if (!(await proveAccount(app.db, app.totpBox, auth.user.id, request.body, app.now()))) {
        throw fieldError(request.body.password ? 'password' : 'code', MFA_MSG.passwordOrCodeInvalid);
      }
      await refund();
      const codes = await app.db.transaction((tx) => regenerateRecoveryCodes(tx, auth.user.id, app.now()));
      if (codes === 'not-enabled') throw conflict(MFA_MSG.notEnabled);
      return { recovery_codes: codes };
    },
  );
};
