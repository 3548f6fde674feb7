import { setTimeout as sleep } from 'node:timers/promises';
import { MSG, ZLoginRequest, ZLoginResponse } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { branches } from '../../db/schema/branches.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { getDummyHash, verifyPassword } from '../../services/auth/passwords.ts';
import { createSession } from '../../services/auth/sessions.ts';
import { awardQuietly } from '../../services/points/award.ts';
import { businessDate } from '../../services/points/rules.ts';
import { toUserDto, userColumns } from '../../services/users/records.ts';
import { errors } from '../schemas.ts';

/**
 * Both roles sign in here (the community app too); the panel itself refuses sellers.
 * Unknown email, wrong password and inactive account get the same 401 after the same work (one
 * scrypt verification, the same throttle steps). Limits: services/auth/login-throttle.ts.
 */
export const loginRoute: FastifyPluginAsyncZod = async (app) => {
  // Computed now (in the thread pool), so the first unknown-email login is not slower than the rest.
  void getDummyHash();
  app.post(
    '/api/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Iniciar sesión',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse, ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const ip = request.ip;
      const admission = await app.loginThrottle.admit(email, ip);
      if (admission.blocked) throw tooMany(admission.retryAfterSeconds);
      // Across addresses an email is slowed down, never refused: its owner still gets in.
      if (admission.delayMs > 0) await sleep(admission.delayMs);

      const [row] = await app.db
        .select({ ...userColumns, passwordHash: users.passwordHash })
        .from(users)
        .leftJoin(branches, eq(branches.id, users.branchId))
        .where(eq(users.email, email))
        .limit(1);
      const valid = await verifyPassword(password, row?.passwordHash ?? (await getDummyHash()));
      if (!row || !valid || !row.active) {
        const verdict = await app.loginThrottle.recordFailure(email, ip);
        if (verdict.blocked) throw tooMany(verdict.retryAfterSeconds);
        throw new HttpError(401, MSG.invalidCredentials);
      }
      const verdict = await app.loginThrottle.recordSuccess(email, ip);
      if (verdict.blocked) throw tooMany(verdict.retryAfterSeconds);

      const now = app.now();
      const token = await createSession(app.db, row.id, now);
      // The first sign-in of the business day earns daily_login, for sellers only (admins are not
      // on the leaderboard). Refusals and errors are logged and never fail the sign-in.
      if (row.role === 'seller') {
        await awardQuietly(
          app.db,
          {
            userId: row.id,
            actionKey: 'daily_login',
            reference: { type: 'login', id: businessDate(now, app.config.timeZone) },
            now,
          },
          request.log,
        );
      }
      const { passwordHash: _hash, ...user } = row;
      return { token, user: toUserDto(user) };
    },
  );
};

function tooMany(retryAfterSeconds: number) {
  return new HttpError(429, MSG.tooManyAttempts, undefined, { 'retry-after': String(retryAfterSeconds) });
}
