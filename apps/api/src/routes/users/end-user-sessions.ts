import { ZSessionsEnded } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { revokeUserSessions } from '../../services/auth/sessions.ts';
import { personInScope } from '../../services/users/records.ts';
import { errors, ZRouteId } from '../schemas.ts';

/**
 * Vendedores → "Sesiones" → "Cerrar todas las sesiones": ends every open session of a person (an
 * administrator's own current one excepted, when it is their own account). Audited. A branch manager
 * reaches the sellers of their branch only (404 for anyone else).
 */
export const endUserSessionsRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/users/:id/sessions',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['usuarios'],
        summary: 'Cerrar todas las sesiones de un usuario',
        description:
          'Responde cuántas sesiones abiertas cerró. En la cuenta propia, la sesión de esta llamada sigue abierta.',
        params: ZRouteId,
        response: { 200: ZSessionsEnded, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const owner = await personInScope(app.db, auth.user, request.params.id);
      const except = owner.id === auth.user.id ? auth.sessionId : undefined;
      const ended = await revokeUserSessions(app.db, owner.id, app.now(), except);
      if (ended > 0) await app.sessionsRevoked([owner.id]);
      return { data: { ended } };
    },
  );
};
