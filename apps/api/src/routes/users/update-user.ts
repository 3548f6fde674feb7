import { MSG, makeItemResponse, ZUser, ZUserUpdate } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/users.ts';
import { conflict, fieldError, notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { endResetLinks } from '../../services/auth/password-reset.ts';
import { hashPassword } from '../../services/auth/passwords.ts';
import { revokeUserSessions } from '../../services/auth/sessions.ts';
import { branchExists, findUser, findUserIdByEmail } from '../../services/users/records.ts';
import { errors, ZRouteId } from '../schemas.ts';

/**
 * Partial update. A new password or a deactivation ends the user's sessions (except the
 * admin's own current one when they change their own password) and open reset links. Admins cannot lock themselves out.
 */
export const updateUserRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/users/:id',
    {
      config: { access: 'admin', versioned: 'users' },
      schema: {
        tags: ['usuarios'],
        summary: 'Actualizar un usuario',
        params: ZRouteId,
        body: ZUserUpdate,
        response: { 200: makeItemResponse(ZUser), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = request.params;
      const body = request.body;
      const [current] = await app.db
        .select({ id: users.id, active: users.active })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      if (!current) throw notFound(MSG.userNotFound);

      const isSelf = id === auth.user.id;
      if (isSelf && (body.active === false || body.role === 'seller'))
        throw conflict(MSG.cannotDeactivateSelf);
      if (body.branch_id != null && !(await branchExists(app.db, body.branch_id))) {
        throw fieldError('branch_id', MSG.branchNotFound);
      }
      if (body.email !== undefined) {
        const owner = await findUserIdByEmail(app.db, body.email);
        if (owner !== null && owner !== id) throw conflict(MSG.emailTaken);
      }

      const changes: Partial<typeof users.$inferInsert> = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.email !== undefined) changes.email = body.email;
      if (body.role !== undefined) changes.role = body.role;
      if (body.branch_id !== undefined) changes.branchId = body.branch_id;
      if (body.avatar_url !== undefined) changes.avatarUrl = body.avatar_url;
      if (body.active !== undefined) changes.active = body.active;
      if (body.password !== undefined) changes.passwordHash = await hashPassword(body.password);

      const endSessions = body.password !== undefined || (body.active === false && current.active);
      await app.db.transaction(async (tx) => {
        const now = app.now();
        if (Object.keys(changes).length > 0) await tx.update(users).set(changes).where(eq(users.id, id));
        // A new password or a deactivation also ends the open reset links (docs/security.md).
        if (body.password !== undefined || body.active === false) await endResetLinks(tx, id, now);
        if (endSessions) await revokeUserSessions(tx, id, now, isSelf ? auth.sessionId : undefined);
      });
      // After the commit: forgotten here and confirmed by every instance before the answer.
      await app.sessionsRevoked([id]);
      return { data: (await findUser(app.db, id))! };
    },
  );
};
