import { ZSessionsEnded } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { revokeUserSessions } from '../../services/auth/sessions.ts';
import { errors } from '../schemas.ts';

/** "Cerrar las demás": ends every open session of the caller but this one. Audited for everyone. */
export const endOtherSessionsRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/me/sessions/end-others',
    {
      config: { access: 'session', auditEveryone: true },
      schema: {
        tags: ['sesión'],
        summary: 'Cerrar las demás sesiones de la cuenta',
        description:
          'Cierra todas las sesiones abiertas de la cuenta salvo la de esta llamada; responde cuántas cerró.',
        response: { 200: ZSessionsEnded, ...errors(401) },
      },
    },
    async (request) => {
      const { sessionId, user } = requireAuth(request);
      const ended = await revokeUserSessions(app.db, user.id, app.now(), sessionId);
      if (ended > 0) await app.sessionsRevoked([user.id]);
      return { data: { ended } };
    },
  );
};
