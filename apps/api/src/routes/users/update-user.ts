import { MSG, makeItemResponse, ZUser, ZUserUpdate } from '@panel/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/users.ts';
import { conflict, fieldError } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { assertBranchInScope, assertRoleInScope, peopleInScope } from '../../services/auth/branch-scope.ts';
import { endResetLinks } from '../../services/auth/password-reset.ts';
import { hashPassword } from '../../services/auth/passwords.ts';
import { revokeUserSessions } from '../../services/auth/sessions.ts';
import { branchExists, findUser, findUserIdByEmail, personInScope } from '../../services/users/records.ts';
import { errors, ZRouteId } from '../schemas.ts';

/**
 * Partial update. A new password or a deactivation ends the user's sessions (except the
 * admin's own current one when they change their own password) and open reset links. Admins cannot lock themselves out.
 * A changed role or branch reaches the person's open sessions at once: every change forgets their cached
 * account (sessionsRevoked), so the next call reads the new one.
 */
export const updateUserRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/users/:id',
    {
      config: {
        access: 'panel',
        versioned: 'users',
        // If-Match reads the version of people in the caller's scope only: a stale one on anyone else
        // answers the handler's 404, not a 412 that would tell a branch manager the person exists.
        versionScope: (request) => peopleInScope(requireAuth(request).user, sql`users`),
      },
      schema: {
        tags: ['usuarios'],
        summary: 'Actualizar un usuario',
        description:
          'Un encargado de sucursal edita solo a los vendedores de su sucursal (404 para los demás), sin ' +
          'cambiarles el rol ni llevarlos a otra sucursal (403). Un encargado necesita sucursal (400 en `branch_id`).',
        params: ZRouteId,
        body: ZUserUpdate,
        response: { 200: makeItemResponse(ZUser), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = request.params;
      const body = request.body;
      // A manager finds only the sellers of their branch (404), keeps them sellers and in it (403).
      const current = await personInScope(app.db, auth.user, id);
      assertRoleInScope(auth.user, body.role);
      if (body.branch_id !== undefined) assertBranchInScope(auth.user, body.branch_id);

      const isSelf = id === auth.user.id;
      const roleChanged = body.role !== undefined && body.role !== current.role;
      if (isSelf && (body.active === false || roleChanged)) throw conflict(MSG.cannotDeactivateSelf);
      if (body.branch_id != null && !(await branchExists(app.db, body.branch_id))) {
        throw fieldError('branch_id', MSG.branchNotFound);
      }
      // The record as it will be: a manager without a branch is refused here, users_manager_branch_check
      // being the last line.
      const role = body.role ?? current.role;
      const branchId = body.branch_id !== undefined ? body.branch_id : current.branchId;
      if (role === 'branch_manager' && branchId === null) {
        throw fieldError('branch_id', MSG.managerBranchRequired);
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
