import { SESSIONS_LIST_MAX, ZSessionList } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { listOpenSessions } from '../../services/auth/sessions.ts';
import { errors } from '../schemas.ts';

/** The caller's open sessions ("Mi cuenta" in the panel, Perfil in the app). */
export const listMySessionsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/sessions',
    {
      config: { access: 'session' },
      schema: {
        tags: ['sesión'],
        summary: 'Sesiones abiertas de la cuenta',
        description:
          'Las sesiones abiertas (sin cerrar, sin pasar su tiempo de inactividad ni su máximo), la de uso más ' +
          `reciente primero, hasta ${SESSIONS_LIST_MAX}; \`meta.total\` las cuenta todas. \`current\` marca la de esta llamada.`,
        response: { 200: ZSessionList, ...errors(401) },
      },
    },
    async (request) => {
      const { sessionId, user } = requireAuth(request);
      const { data, total } = await listOpenSessions(app.db, user.id, app.now(), sessionId);
      return { data, meta: { total } };
    },
  );
};
