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
      // Forgotten here and confirmed by every instance before the answer.
      await app.sessionsRevoked([user.id]);
      return reply.code(204).send();
    },
  );
};
