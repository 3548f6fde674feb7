import { SESSIONS_LIST_MAX, ZSessionList } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { listOpenSessions } from '../../services/auth/sessions.ts';
import { personInScope } from '../../services/users/records.ts';
import { errors, ZRouteId } from '../schemas.ts';

/** Vendedores → "Sesiones": a person's open sessions, for an administrator or their branch manager. */
export const listUserSessionsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:id/sessions',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['usuarios'],
        summary: 'Sesiones abiertas de un usuario',
        description: `La de uso más reciente primero, hasta ${SESSIONS_LIST_MAX}; \`meta.total\` las cuenta todas.`,
        params: ZRouteId,
        response: { 200: ZSessionList, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const owner = await personInScope(app.db, auth.user, request.params.id);
      const { data, total } = await listOpenSessions(app.db, owner.id, app.now(), auth.sessionId);
      return { data, meta: { total } };
    },
  );
};
