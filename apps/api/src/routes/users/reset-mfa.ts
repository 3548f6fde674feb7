import { MSG } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { resetSecondFactors } from '../../services/auth/mfa.ts';
import { personInScope } from '../../services/users/records.ts';
import { errors, ZNoContent, ZRouteId } from '../schemas.ts';

/**
 * Vendedores → "Restablecer verificación en dos pasos": removes another account's second factor (a
 * lost phone and lost recovery codes); that account then signs in with its password and sets it up
 * again. Audited (the factor's removal, with its codes inside). The CLI does the same (`reset-mfa`).
 */
export const resetMfaRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/users/:id/mfa/reset',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['usuarios'],
        summary: 'Restablecer la verificación en dos pasos de un usuario',
        description:
          'Borra la clave de la aplicación y los códigos de recuperación de la cuenta: vuelve a ingresar solo ' +
          'con su contraseña y puede activarla de nuevo. Queda en Auditoría. 404 si la cuenta no existe o no ' +
          'tiene la verificación en dos pasos.',
        params: ZRouteId,
        response: { 204: ZNoContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const owner = await personInScope(app.db, requireAuth(request).user, request.params.id);
      if (!(await resetSecondFactors(app.db, owner.id))) throw notFound(MSG.notFound);
      return reply.code(204).send();
    },
  );
};
