import { MSG, makeItemResponse, ZUserBulkActive, ZUserBulkActiveResult } from '@panel/shared';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessions, users } from '../../db/schema/users.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { peopleInScope } from '../../services/auth/branch-scope.ts';
import { endResetLinks } from '../../services/auth/password-reset.ts';
import { errors } from '../schemas.ts';

/**
 * Activates or deactivates several people in one request and one transaction. Deactivating ends
 * their sessions and open reset links in the same transaction. Unknown ids refuse the whole request (404),
 * and so do, for a branch manager, the ids of anyone but the sellers of their branch: nobody outside
 * their scope is ever changed, and whether such a person exists does not leak.
 */
export const bulkActiveRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/users/bulk-active',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['usuarios'],
        summary: 'Activar o desactivar varios usuarios',
        description:
          'Todos o ninguno: un id que no existe (o, para un encargado de sucursal, que no es un vendedor de su ' +
          'sucursal) rechaza el pedido con 404 y no cambia a nadie.',
        body: ZUserBulkActive,
        response: { 200: makeItemResponse(ZUserBulkActiveResult), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const ids = [...new Set(request.body.ids)];
      const { active } = request.body;
      if (!active && ids.includes(auth.user.id)) throw conflict(MSG.cannotDeactivateSelf);

      const updated = await app.db.transaction(async (tx) => {
        const rows = await tx
          .update(users)
          .set({ active })
          .where(and(inArray(users.id, ids), peopleInScope(auth.user, sql`${users}`)))
          .returning({ id: users.id });
        // Throwing rolls the transaction back: nothing changes when an id is unknown or out of scope.
        if (rows.length !== ids.length) throw notFound(MSG.userNotFound);
        if (!active) {
          await tx
            .update(sessions)
            .set({ revokedAt: app.now() })
            .where(and(inArray(sessions.userId, ids), isNull(sessions.revokedAt)));
          await endResetLinks(tx, ids, app.now());
        }
        return rows.length;
      });
      // After the commit: forgotten here and confirmed by every instance before the answer.
      await app.sessionsRevoked(ids);
      return { data: { updated } };
    },
  );
};
