import { MSG, type TUser } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { awardQuietly } from '../points/award.ts';
import { businessDate } from '../points/rules.ts';
import { toUserDto, userColumns } from '../users/records.ts';
import type { DeviceCookies } from './device-cookie.ts';
import type { LoginAttempt, LoginThrottle } from './login-throttle.ts';
import { getDummyHash, verifyPassword } from './passwords.ts';
import { createSession } from './sessions.ts';

export interface SignInDeps {
  db: Db;
  throttle: LoginThrottle;
  devices: DeviceCookies;
  /** The business time zone, whose day daily_login counts. */
  timeZone: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Signs a user in (both roles): the throttle's verdict, then one scrypt verification whatever the email,
 * so an unknown email, a wrong password and an inactive account get the same 401 after the same work
 * (limits: login-throttle.ts; a browser that signed in before carries a device cookie with its own budget,
 * device-cookie.ts). Then the session, and for a seller the first sign-in of the business day earns
 * daily_login (refusals and errors are logged and never fail the sign-in). Answers the session token, the
 * user, and the device cookie's new value.
 */
export async function signIn(
  deps: SignInDeps,
  input: {
    email: string;
    password: string;
    ip: string;
    deviceCookie: string | undefined;
    /** The request's User-Agent, cut (device.ts): kept with the session. */
    userAgent: string | null;
  },
): Promise<{ token: string; user: TUser; deviceCookie: string }> {
  const { email, password, deviceCookie } = input;
  const attempt: LoginAttempt = { email, ip: input.ip, device: deps.devices.deviceFor(deviceCookie, email) };
  const admission = await deps.throttle.admit(attempt);
  if (admission.blocked) throw tooMany(admission.retryAfterSeconds);

  const [row] = await deps.db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .leftJoin(branches, eq(branches.id, users.branchId))
    .where(eq(users.email, email))
    .limit(1);
  const valid = await verifyPassword(password, row?.passwordHash ?? (await getDummyHash()));
  if (!row || !valid || !row.active) {
    const verdict = await deps.throttle.recordFailure(attempt);
    if (verdict.blocked) throw tooMany(verdict.retryAfterSeconds);
    throw new HttpError(401, MSG.invalidCredentials);
  }
  const verdict = await deps.throttle.recordSuccess(attempt);
  if (verdict.blocked) throw tooMany(verdict.retryAfterSeconds);
  const nextDeviceCookie = deps.devices.issue(deviceCookie, email);

  const now = deps.now();
  const token = await createSession(deps.db, row.id, now, { userAgent: input.userAgent, ip: input.ip });
  if (row.role === 'seller') {
    await awardQuietly(
      deps.db,
      {
        userId: row.id,
        actionKey: 'daily_login',
        reference: { type: 'login', id: businessDate(now, deps.timeZone) },
        now,
      },
      deps.log,
    );
  }
  const { passwordHash: _hash, ...user } = row;
  return { token, user: toUserDto(user), deviceCookie: nextDeviceCookie };
}

function tooMany(retryAfterSeconds: number) {
  return new HttpError(429, MSG.tooManyAttempts, undefined, { 'retry-after': String(retryAfterSeconds) });
}
