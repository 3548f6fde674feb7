import { APP_MSG, ZAppChangePassword } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/users.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { hashPassword, verifyPassword } from '../../services/auth/passwords.ts';
import { revokeUserSessions } from '../../services/auth/sessions.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

export const appChangePasswordRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/app/me/password',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Cambiar mi contraseña',
        description:
          '`current_password` y `new_password` (la política del panel: de 8 a 200 caracteres, distinta de la actual). ' +
          'Una contraseña actual incorrecta es un 400 en `current_password` (no un 401: la sesión sigue). ' +
          'Cierra las demás sesiones de la cuenta; la de este pedido sigue abierta.',
        body: ZAppChangePassword,
        response: { 204: z.null(), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = requireAuth(request);
      const { current_password: current, new_password: next } = request.body;
      const [row] = await app.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, user.id));
      if (!row || !(await verifyPassword(current, row.passwordHash))) {
        throw badRequest(APP_MSG.currentPasswordWrong, { current_password: [APP_MSG.currentPasswordWrong] });
      }
      if (current === next) {
        throw badRequest(APP_MSG.newPasswordSame, { new_password: [APP_MSG.newPasswordSame] });
      }
      const passwordHash = await hashPassword(next);
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        await revokeUserSessions(tx, user.id, app.now(), sessionId);
      });
      // After the commit: no instance serves the other sessions once this answers.
      await app.sessionsRevoked([user.id]);
      return reply.code(204).send(null);
    },
  );
};
