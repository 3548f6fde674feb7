import { SESSION_MSG, ZIdParam } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { revokeOwnSession } from '../../services/auth/sessions.ts';
import { errors, ZNoContent } from '../schemas.ts';

/** "Cerrar": ends one of the caller's sessions (the current one too: that signs out). Audited for everyone. */
export const endMySessionRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/me/sessions/:id',
    {
      config: { access: 'session', auditEveryone: true },
      schema: {
        tags: ['sesión'],
        summary: 'Cerrar una sesión de la cuenta',
        description:
          'Cerrar la sesión de esta llamada equivale a salir. Una sesión ajena o ya cerrada responde 404.',
        params: ZIdParam,
        response: { 204: ZNoContent, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const ended = await revokeOwnSession(app.db, user.id, request.params.id, app.now());
      if (!ended) throw notFound(SESSION_MSG.notFound);
      // After the commit: forgotten here and confirmed by every instance before the answer.
      await app.sessionsRevoked([user.id]);
      return reply.code(204).send();
    },
  );
};
