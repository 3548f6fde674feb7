import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { revokeSession } from '../../services/auth/sessions.ts';
import { errors, ZNoContent } from '../schemas.ts';

export const logoutRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/logout',
    {
      config: { access: 'session' },
      schema: {
        tags: ['sesión'],
        summary: 'Cerrar sesión (revoca el token)',
        response: { 204: ZNoContent, ...errors(401) },
      },
    },
    async (request, reply) => {
      const { sessionId, user } = requireAuth(request);
      await revokeSession(app.db, sessionId, app.now());
      // The database notifies every instance after the commit; this one forgets at once.
      app.sessionCache.invalidate(user.id);
      return reply.code(204).send();
    },
  );
};
