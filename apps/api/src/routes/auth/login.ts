import { MSG, ZLoginRequest, ZLoginResponse } from '@panel/shared';
import { parseCookie, stringifySetCookie } from 'cookie';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { branches } from '../../db/schema/branches.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError } from '../../lib/http-errors.ts';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  DEVICE_COOKIE_PATH,
  DeviceCookies,
} from '../../services/auth/device-cookie.ts';
import type { LoginAttempt } from '../../services/auth/login-throttle.ts';
import { getDummyHash, verifyPassword } from '../../services/auth/passwords.ts';
import { createSession } from '../../services/auth/sessions.ts';
import { awardQuietly } from '../../services/points/award.ts';
import { businessDate } from '../../services/points/rules.ts';
import { toUserDto, userColumns } from '../../services/users/records.ts';
import { errors } from '../schemas.ts';

/**
 * Both roles sign in here (the community app too); the panel itself refuses sellers.
 * Unknown email, wrong password and inactive account get the same 401 after the same work (one
 * scrypt verification, the same throttle steps). Limits: services/auth/login-throttle.ts; a browser
 * that signed in before carries a device cookie (services/auth/device-cookie.ts) with its own budget.
 * Both apps call with their credentials (same origin), so the cookie travels.
 */
export const loginRoute: FastifyPluginAsyncZod = async (app) => {
  // Computed now (in the thread pool), so the first unknown-email login is not slower than the rest.
  void getDummyHash();
  const devices = new DeviceCookies(app.config.appSecret);
  app.post(
    '/api/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Iniciar sesión',
        description:
          'Un inicio correcto deja en ese navegador una cookie de dispositivo (`panel_device`, HttpOnly, ' +
          'SameSite=Strict, solo para esta ruta). Con ella los intentos tienen su propio cupo de fallos; sin ' +
          'ella, todos los dispositivos desconocidos comparten un cupo por cuenta (10 cada 15 minutos) y uno ' +
          'por dirección (30): más allá, 429 con `Retry-After`, aun con la contraseña correcta.',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const cookie = parseCookie(request.headers.cookie ?? '')[DEVICE_COOKIE];
      const attempt: LoginAttempt = { email, ip: request.ip, device: devices.deviceFor(cookie, email) };
      const admission = await app.loginThrottle.admit(attempt);
      if (admission.blocked) throw tooMany(admission.retryAfterSeconds);

      const [row] = await app.db
        .select({ ...userColumns, passwordHash: users.passwordHash })
        .from(users)
        .leftJoin(branches, eq(branches.id, users.branchId))
        .where(eq(users.email, email))
        .limit(1);
      const valid = await verifyPassword(password, row?.passwordHash ?? (await getDummyHash()));
      if (!row || !valid || !row.active) {
        const verdict = await app.loginThrottle.recordFailure(attempt);
        if (verdict.blocked) throw tooMany(verdict.retryAfterSeconds);
        throw new HttpError(401, MSG.invalidCredentials);
      }
      const verdict = await app.loginThrottle.recordSuccess(attempt);
      if (verdict.blocked) throw tooMany(verdict.retryAfterSeconds);
      reply.header(
        'set-cookie',
        stringifySetCookie({
          name: DEVICE_COOKIE,
          value: devices.issue(cookie, email),
          path: DEVICE_COOKIE_PATH,
          maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https',
        }),
      );

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
