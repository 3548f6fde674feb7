import { makeItemResponse, ZUserResetPassword, ZUserResetPasswordResult } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { replacePassword } from '../../services/auth/password-change.ts';
import { generatePassword, hashPassword } from '../../services/auth/passwords.ts';
import { personInScope } from '../../services/users/records.ts';
import { errors, ZRouteId } from '../schemas.ts';

/**
 * An admin sets a new password, or the server generates one and returns it this once (it is
 * stored only as a scrypt hash). The user's open sessions end, except the admin's own current one.
 * A branch manager does it for the sellers of their branch.
 */
export const resetPasswordRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/users/:id/reset-password',
    {
      config: { access: 'panel' },
      schema: {
        tags: ['usuarios'],
        summary: 'Restablecer la contraseña de un usuario',
        params: ZRouteId,
        body: ZUserResetPassword,
        response: { 200: makeItemResponse(ZUserResetPasswordResult), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = request.params;
      // A manager resets the passwords of their branch's sellers only (404 for anyone else).
      await personInScope(app.db, auth.user, id);

      const generated = request.body?.password === undefined ? generatePassword() : null;
      const passwordHash = await hashPassword(generated ?? request.body!.password!);
      await app.db.transaction(async (tx) => {
        await replacePassword(
          tx,
          id,
          passwordHash,
          app.now(),
          id === auth.user.id ? auth.sessionId : undefined,
        );
      });
      // After the commit: forgotten here and confirmed by every instance before the answer.
      await app.sessionsRevoked([id]);
      return { data: { generated_password: generated } };
    },
  );
};
