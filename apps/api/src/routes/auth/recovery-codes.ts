import { MFA_MSG, ZMfaProof, ZRecoveryCodes } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { regenerateRecoveryCodes } from '../../services/auth/mfa.ts';
import { errors } from '../schemas.ts';
import { requireAccountProof } from './mfa-proof.ts';

/** "Generar códigos nuevos": 10 new recovery codes, the old ones stop working. */
export const recoveryCodesRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/me/mfa/recovery-codes',
    {
      config: { access: 'panel', mfaSetup: true },
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
      await requireAccountProof(app, auth, request.body);
      const codes = await app.db.transaction((tx) => regenerateRecoveryCodes(tx, auth.user.id, app.now()));
      if (codes === 'not-enabled') throw conflict(MFA_MSG.notEnabled);
      return { recovery_codes: codes };
    },
  );
};
