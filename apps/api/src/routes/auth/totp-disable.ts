import { ZMfaProof } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { removeSecondFactor } from '../../services/auth/mfa.ts';
import { errors, ZNoContent } from '../schemas.ts';
import { requireAccountProof } from './mfa-proof.ts';

/** "Desactivar": needs the current password or a code; the key and its recovery codes are removed. */
export const totpDisableRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/me/mfa/totp',
    {
      config: { access: 'panel', mfaSetup: true },
      schema: {
        tags: ['sesión'],
        summary: 'Desactivar la verificación en dos pasos',
        description:
          'Con la contraseña actual (`password`) o un código (`code`: de la aplicación o de recuperación). ' +
          'Borra la clave y los códigos de recuperación. Una prueba incorrecta es un 400; los intentos se ' +
          'cuentan (5 por sesión, 10 por cuenta cada 15 minutos; más allá, 429). 409 si no está activa.',
        body: ZMfaProof,
        response: { 204: ZNoContent, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await requireAccountProof(app, auth, request.body);
      await removeSecondFactor(app.db, auth.user.id);
      return reply.code(204).send();
    },
  );
};
