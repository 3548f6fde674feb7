import { PASSKEY_MSG, ZMfaProof } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { removePasskey } from '../../services/auth/passkeys.ts';
import { errors, ZNoContent, ZRouteId } from '../schemas.ts';
import { requireAccountProof } from './mfa-proof.ts';

/** "Quitar" a passkey: with the current password or a code, counted like "Desactivar". Audited. */
export const passkeyRemoveRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/me/passkeys/:id',
    {
      config: { access: 'panel', mfaSetup: true },
      schema: {
        tags: ['sesión'],
        summary: 'Quitar una llave de acceso',
        description:
          'Con la contraseña actual (`password`) o un código (`code`), contados como al desactivar la ' +
          'verificación en dos pasos (429 más allá). 404 si la cuenta no tiene esa llave. Queda en Auditoría.',
        params: ZRouteId,
        body: ZMfaProof,
        response: { 204: ZNoContent, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await requireAccountProof(app, auth, request.body, { totpOn: false });
      if (!(await removePasskey(app.db, auth.user.id, request.params.id)))
        throw notFound(PASSKEY_MSG.notFound);
      return reply.code(204).send();
    },
  );
};
