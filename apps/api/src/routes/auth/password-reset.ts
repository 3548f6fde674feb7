import {
  PASSWORD_RESET_MINUTES,
  RESET_MSG,
  ZPasswordResetConfirm,
  ZPasswordResetRequest,
  ZPasswordResetSent,
} from '@panel/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordResets, users } from '../../db/schema/users.ts';
import { badRequest, HttpError } from '../../lib/http-errors.ts';
import { replacePassword } from '../../services/auth/password-change.ts';
import {
  consumeResetToken,
  createResetToken,
  RESET_LIMITS,
  resetLink,
  resetMail,
} from '../../services/auth/password-reset.ts';
import { hashPassword } from '../../services/auth/passwords.ts';
import { hashToken } from '../../services/auth/sessions.ts';
import { errors } from '../schemas.ts';

/**
 * "¿Olvidaste tu contraseña?" (issue 23, item 2; docs/decisions/2026-11-27-password-reset.md).
 * The request always answers the same 202, whether the email exists or not, before it looks the
 * email up: the token and the mail are made after the answer (their time is not in it). The link's
 * token is random, stored hashed, valid 30 minutes and used once; saving the new password ends every
 * session of the account. Any other change of the password, and a deactivation, end the account's
 * open links (endResetLinks in services/auth/password-reset.ts).
 */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/password-reset',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Pedir un enlace para elegir una contraseña nueva',
        description:
          'Siempre responde 202 con el mismo texto, exista o no el email. A una cuenta activa le llega un correo ' +
          `con un enlace de un solo uso que vale ${PASSWORD_RESET_MINUTES} minutos (los vendedores lo abren en la app, ` +
          'los administradores en el panel). Límites: ' +
          `${RESET_LIMITS.perIp} pedidos por dirección cada 15 minutos (más allá, 429 con \`Retry-After\`) y ` +
          `${RESET_LIMITS.perAccount} correos por cuenta por hora (más allá, la misma respuesta sin correo).`,
        body: ZPasswordResetRequest,
        response: { 202: ZPasswordResetSent, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const byAddress = await app.loginThrottle.hit(
        `reset:ip:${request.ip}`,
        RESET_LIMITS.perIp,
        RESET_LIMITS.windowMs,
      );
      if (byAddress.blocked) throw tooMany(RESET_MSG.tooManyRequests, byAddress.retryAfterSeconds);
      // Whether the account exists is looked up after the answer (issue 28, item 3): the 202 of a known
      // email and of an unknown one leave after the same work, so their times tell nothing.
      const answered = new Promise<void>((resolve) => {
        reply.raw.once('finish', () => resolve());
        reply.raw.once('close', () => resolve());
      });
      app.mailer.sendAfter(answered, async () => {
        // Counted for every email, known or not.
        const byAccount = await app.loginThrottle.hit(
          `reset:account:${email}`,
          RESET_LIMITS.perAccount,
          RESET_LIMITS.accountWindowMs,
        );
        const [row] = await app.db
          .select({ id: users.id, name: users.name, role: users.role, active: users.active })
          .from(users)
          .where(eq(users.email, email))
          .limit(1);
        if (!row?.active) return null;
        if (byAccount.blocked) {
          request.log.info(
            { userId: row.id },
            'Pedido de contraseña nueva sin correo: la cuenta llegó a su límite por hora',
          );
          return null;
        }
        const token = await createResetToken(app.db, row.id, app.now());
        return { to: email, ...resetMail(row.name, resetLink(app.config.publicUrl, row.role, token)) };
      });
      return reply.code(202).send({ message: RESET_MSG.sent });
    },
  );

  app.post(
    '/api/password-reset/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Elegir la contraseña nueva con el enlace del correo',
        description:
          '`token` es el del enlace (después de `#restablecer=`); `password`, la nueva, con la política de ' +
          'contraseñas. Un enlace desconocido, usado o vencido es un 400 en `token`. Guardarla cierra todas las ' +
          `sesiones de la cuenta y anula sus otros enlaces. ${RESET_LIMITS.failedConfirmsPerIp} enlaces inválidos ` +
          'por dirección cada 15 minutos; más allá, 429 con `Retry-After`.',
        body: ZPasswordResetConfirm,
        response: { 200: ZPasswordResetSent, ...errors(400, 429) },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      const failuresKey = `reset-confirm:ip:${request.ip}`;
      const admission = await app.loginThrottle.check(failuresKey, RESET_LIMITS.failedConfirmsPerIp);
      if (admission.blocked) throw tooMany(RESET_MSG.tooManyTries, admission.retryAfterSeconds);
      const invalid = async () => {
        const verdict = await app.loginThrottle.hit(
          failuresKey,
          RESET_LIMITS.failedConfirmsPerIp,
          RESET_LIMITS.windowMs,
        );
        if (verdict.blocked) return tooMany(RESET_MSG.tooManyTries, verdict.retryAfterSeconds);
        return badRequest(RESET_MSG.invalidToken, { token: [RESET_MSG.invalidToken] });
      };

      // Checked before the (slow) hashing, so wrong tokens cost no scrypt; used up in the transaction.
      const [open] = await app.db
        .select({ id: passwordResets.id })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.tokenHash, hashToken(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, app.now()),
          ),
        );
      if (!open) throw await invalid();
      const passwordHash = await hashPassword(password);
      const now = app.now();
      const userId = await app.db.transaction(async (tx) => {
        const id = await consumeResetToken(tx, token, now);
        if (id === null) return null;
        // A link never sets a password on a deactivated account (it is used up all the same).
        const [account] = await tx.select({ active: users.active }).from(users).where(eq(users.id, id));
        if (!account?.active) return null;
        await replacePassword(tx, id, passwordHash, now);
        return id;
      });
      if (userId === null) throw await invalid();
      // After the commit: no instance serves the account's old sessions once this answers.
      await app.sessionsRevoked([userId]);
      request.log.info({ userId }, 'Contraseña nueva elegida con un enlace del correo');
      return { message: RESET_MSG.done };
    },
  );
};

function tooMany(message: string, retryAfterSeconds: number) {
  return new HttpError(429, message, undefined, { 'retry-after': String(retryAfterSeconds) });
}
