import { MSG, makeItemResponse, ZUserResetPassword, ZUserResetPasswordResult } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { replacePassword } from '../../services/auth/password-change.ts';
import { generatePassword, hashPassword } from '../../services/auth/passwords.ts';
import { errors, ZRouteId } from '../schemas.ts';

/**
 * An admin sets a new password, or the server generates one and returns it this once (it is
 * stored only as a scrypt hash). The user's open sessions end, except the admin's own current one.
 */
export const resetPasswordRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/users/:id/reset-password',
    {
      config: { access: 'admin' },
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
      const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
      if (!user) throw notFound(MSG.userNotFound);

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
