import {
  APP_MSG,
  PASSWORD_CHANGE_MSG,
  passwordChangedMessage,
  ZAppChangePassword,
  ZAppPasswordChanged,
} from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, HttpError } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { isCurrentPassword, replacePassword } from '../../services/auth/password-change.ts';
import { hashPassword } from '../../services/auth/passwords.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

/**
 * Wrong current passwords, counted like sign-in failures (issue 20, item 10): per session and per
 * account, in the sign-in throttle's store (Redis or memory), 15-minute windows. Beyond either the
 * answer is 429, even with the right password, so a stolen session cannot guess the password. Each
 * check is counted before its hash (issue 28, item 2), so a parallel burst gets no more checks.
 */
export const PASSWORD_CHECK_LIMITS = { windowMs: 15 * 60 * 1000, perSession: 5, perAccount: 10 } as const;

export const appChangePasswordRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/app/me/password',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Cambiar mi contraseña',
        description:
          '`current_password` y `new_password` (la política de contraseñas: de 10 a 200 caracteres, ninguna de las más ' +
          'usadas, distinta de la actual). Una contraseña actual incorrecta es un 400 en `current_password` (no un 401: ' +
          `la sesión sigue). Los intentos fallidos se cuentan como los del inicio de sesión: ${PASSWORD_CHECK_LIMITS.perSession} ` +
          `por sesión y ${PASSWORD_CHECK_LIMITS.perAccount} por cuenta cada 15 minutos; más allá, 429 con \`Retry-After\`, ` +
          'aun con la contraseña correcta. Cierra las demás sesiones de la cuenta (la de este pedido sigue abierta) y ' +
          'la respuesta dice cuántas cerró (`sessions_ended`) con el texto para mostrar (`message`).',
        body: ZAppChangePassword,
        response: { 200: ZAppPasswordChanged, ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const { user, sessionId } = requireAuth(request);
      const { current_password: current, new_password: next } = request.body;
      const budgets = [
        [`password-check:session:${sessionId}`, PASSWORD_CHECK_LIMITS.perSession],
        [`password-check:account:${user.id}`, PASSWORD_CHECK_LIMITS.perAccount],
      ] as const;
      const refund = () => Promise.all(budgets.map(([name]) => app.loginThrottle.refund(name)));
      // Each check is counted (reserved) before the hash, atomically: of a parallel burst only the
      // budget's worth is hashed, and the rest answer 429 at once, even the right password. A refused
      // check gives its count back (it was never evaluated), and so does the right password (a change
      // uses up no guesses); a wrong one keeps it.
      const verdicts = await Promise.all(
        budgets.map(([name, max]) => app.loginThrottle.hit(name, max, PASSWORD_CHECK_LIMITS.windowMs)),
      );
      const waits = verdicts.flatMap((v) => (v.blocked ? [v.retryAfterSeconds] : []));
      if (waits.length > 0) {
        await refund();
        throw tooMany(Math.max(...waits));
      }

      if (!(await isCurrentPassword(app.db, user.id, current))) {
        throw badRequest(APP_MSG.currentPasswordWrong, { current_password: [APP_MSG.currentPasswordWrong] });
      }
      await refund();
      if (current === next) {
        throw badRequest(APP_MSG.newPasswordSame, { new_password: [APP_MSG.newPasswordSame] });
      }
      const passwordHash = await hashPassword(next);
      const ended = await app.db.transaction((tx) =>
        replacePassword(tx, user.id, passwordHash, app.now(), sessionId),
      );
      // After the commit: no instance serves the other sessions once this answers.
      await app.sessionsRevoked([user.id]);
      return { sessions_ended: ended, message: passwordChangedMessage(ended) };
    },
  );
};

function tooMany(retryAfterSeconds: number) {
  return new HttpError(429, PASSWORD_CHANGE_MSG.tooManyTries, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
}
