import { isPanelRole, MFA_MSG, MSG, OIDC_MSG, PASSKEY_MSG, type TMfaMethod, type TUser } from '@panel/shared';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { branches } from '../../db/schema/branches.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { quoted } from '../audit/labels.ts';
import { awardQuietly } from '../points/award.ts';
import { businessDate } from '../points/rules.ts';
import { toUserDto, userColumns } from '../users/records.ts';
import { deviceWords } from './device.ts';
import type { DeviceCookies } from './device-cookie.ts';
import type { LoginAttempt, LoginThrottle } from './login-throttle.ts';
import {
  consumeMfaToken,
  createMfaToken,
  findMfaToken,
  recordMfaTokenFailure,
  verifySecondFactor,
} from './mfa.ts';
import { passkeyOwner, type RelyingParty, secondFactorMethods, verifyPasskeySignIn } from './passkeys.ts';
import { getDummyHash, verifyPassword } from './passwords.ts';
import { createSession, hashToken } from './sessions.ts';

export interface SignInDeps {
  db: Db;
  throttle: LoginThrottle;
  devices: DeviceCookies;
  /** The business time zone, whose day daily_login counts. */
  timeZone: string;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Opens the TOTP keys (lib/secret-box.ts, purpose `totp`). */
  totpBox: SecretBox;
  /**
   * Panel accounts may only sign in with the company's account (the panel's rule, applied while OpenID
   * Connect is configured): their password and passkey sign-ins answer 403 (docs/decisions/2026-12-04-oidc.md).
   */
  companyOnly: () => Promise<boolean>;
}

/** Where a request signs in from: kept with the session, and judged by the throttle. */
export interface SignInOrigin {
  ip: string;
  /** The request's id, kept with the audit entry of a sign-in with the company's account. */
  requestId?: string;
  deviceCookie: string | undefined;
  /** The request's User-Agent, cut (device.ts): kept with the session. */
  userAgent: string | null;
}

export type SignedIn = { token: string; user: TUser; deviceCookie: string };

/** A right password for an account with a second factor: no session yet, the code (or passkey) comes next. */
export type SecondFactorNeeded = { mfaToken: string; methods: TMfaMethod[] };

/**
 * Signs a user in (both roles): the throttle's verdict, then one scrypt verification whatever the email,
 * so an unknown email, a wrong password and an inactive account get the same 401 after the same work
 * (limits: login-throttle.ts; a browser that signed in before carries a device cookie with its own budget,
 * device-cookie.ts). Then the session, and for a seller the first sign-in of the business day earns
 * daily_login (refusals and errors are logged and never fail the sign-in). Answers the session token, the
 * user, and the device cookie's new value; for a panel account with a second factor, only an mfa token
 * (signInWithCode takes it with the code).
 */
export async function signIn(
  deps: SignInDeps,
  input: SignInOrigin & { email: string; password: string },
): Promise<SignedIn | SecondFactorNeeded> {
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
  if (isPanelRole(row.role) && (await deps.companyOnly())) throw new HttpError(403, OIDC_MSG.oidcOnly);
  // Panel accounts with a second factor: the code comes next (POST /api/login/mfa), no session yet.
  if (isPanelRole(row.role)) {
    const methods = await secondFactorMethods(deps.db, row.id);
    if (methods.length > 0) return { mfaToken: await createMfaToken(deps.db, row.id, deps.now()), methods };
  }
  const { passwordHash: _hash, ...user } = row;
  return openSession(deps, user, input);
}

/**
 * The second step of a sign-in with a second factor (POST /api/login/mfa): the token the password
 * gave (5 minutes, single use) and a TOTP or recovery code. Wrong codes count against the same
 * budgets as wrong passwords (the account's, or the known device's: login-throttle.ts) and against
 * the token's own (MFA_TOKEN_MAX_FAILURES, then it is spent); a TOTP code is never accepted twice.
 * Then the same session, device cookie and daily points as a password alone.
 */
export async function signInWithCode(
  deps: SignInDeps,
  input: SignInOrigin & { mfaToken: string } & (
      | { code: string }
      | { passkey: AuthenticationResponseJSON; rp: RelyingParty }
    ),
): Promise<SignedIn> {
  const now = deps.now();
  const pending = await findMfaToken(deps.db, input.mfaToken, now);
  if (!pending) throw new HttpError(401, MFA_MSG.tokenExpired);
  const row = await signInAccount(deps, pending.userId);
  if (!row?.active) throw new HttpError(401, MFA_MSG.tokenExpired);
  const attempt = await admitAttempt(deps, row.email, input);

  const verdict =
    'code' in input
      ? await verifySecondFactor(deps.db, deps.totpBox, row.id, input.code, now)
      : (await verifyPasskeySignIn(deps.db, input.rp, row.id, row.id, input.passkey, now))
        ? 'ok'
        : 'passkey';
  if (verdict !== 'ok') {
    const counted = await deps.throttle.recordFailure(attempt);
    const spent = await recordMfaTokenFailure(deps.db, pending.id, now);
    if (counted.blocked) throw tooMany(counted.retryAfterSeconds);
    if (spent) throw new HttpError(401, MFA_MSG.tooManyCodes);
    if (verdict === 'passkey') throw new HttpError(401, PASSKEY_MSG.invalid);
    const message = verdict === 'used' ? MFA_MSG.codeUsed : MFA_MSG.codeInvalid;
    throw new HttpError(401, message, { code: [message] });
  }
  if (!(await consumeMfaToken(deps.db, pending.id, now))) throw new HttpError(401, MFA_MSG.tokenExpired);
  const success = await deps.throttle.recordSuccess(attempt);
  if (success.blocked) throw tooMany(success.retryAfterSeconds);
  return openSession(deps, row, input, pending.viaCompany);
}

/**
 * A sign-in without a password (POST /api/login/passkey): a passkey of an active panel account, verified
 * by its device (so two factors in one). Judged by the same throttle as passwords, by the owner's email:
 * a wrong signature counts as a wrong password. An unknown passkey is the same 401 after no work.
 */
export async function signInWithPasskey(
  deps: SignInDeps,
  input: SignInOrigin & { passkey: AuthenticationResponseJSON; rp: RelyingParty },
): Promise<SignedIn> {
  const userId = await passkeyOwner(deps.db, input.passkey.id);
  const [row] =
    userId === null
      ? []
      : await deps.db
          .select(userColumns)
          .from(users)
          .leftJoin(branches, eq(branches.id, users.branchId))
          .where(eq(users.id, userId))
          .limit(1);
  if (!row) throw new HttpError(401, PASSKEY_MSG.invalid);
  const attempt: LoginAttempt = {
    email: row.email,
    ip: input.ip,
    device: deps.devices.deviceFor(input.deviceCookie, row.email),
  };
  const admission = await deps.throttle.admit(attempt);
  if (admission.blocked) throw tooMany(admission.retryAfterSeconds);
  const ok =
    row.active &&
    isPanelRole(row.role) &&
    (await verifyPasskeySignIn(deps.db, input.rp, row.id, null, input.passkey, deps.now()));
  if (!ok) {
    const verdict = await deps.throttle.recordFailure(attempt);
    if (verdict.blocked) throw tooMany(verdict.retryAfterSeconds);
    throw new HttpError(401, PASSKEY_MSG.invalid);
  }
  const success = await deps.throttle.recordSuccess(attempt);
  if (success.blocked) throw tooMany(success.retryAfterSeconds);
  if (await deps.companyOnly()) throw new HttpError(403, OIDC_MSG.oidcOnly);
  return openSession(deps, row, input);
}

/** The account a second step or a company sign-in opens a session for, with its branch. */
async function signInAccount(deps: SignInDeps, userId: number) {
  const [row] = await deps.db
    .select(userColumns)
    .from(users)
    .leftJoin(branches, eq(branches.id, users.branchId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The attempt of `email` from this origin, counted by the sign-in limits: 429 when they are spent. */
async function admitAttempt(deps: SignInDeps, email: string, input: SignInOrigin): Promise<LoginAttempt> {
  const attempt: LoginAttempt = {
    email,
    ip: input.ip,
    device: deps.devices.deviceFor(input.deviceCookie, email),
  };
  const admission = await deps.throttle.admit(attempt);
  if (admission.blocked) throw tooMany(admission.retryAfterSeconds);
  return attempt;
}

/**
 * The last step of a sign-in with the company's account (POST /api/login/oidc/exchange): the account the
 * callback matched by its verified e-mail (services/auth/oidc.ts). Judged by the same throttle as the
 * other ways in (a blocked account or device is a 429 here too); an account deactivated in between is
 * refused. A panel account with a second factor still gives it (docs/decisions/2026-12-04-oidc.md): an
 * mfa token, as after a password. Then the same session, device cookie and daily points, and an audit
 * entry "Inicio de sesión con la cuenta de la empresa".
 */
export async function signInWithCompanyAccount(
  deps: SignInDeps,
  input: SignInOrigin & { userId: number },
): Promise<SignedIn | SecondFactorNeeded> {
  const row = await signInAccount(deps, input.userId);
  if (!row?.active) throw new HttpError(401, OIDC_MSG.inactive);
  const attempt = await admitAttempt(deps, row.email, input);
  const success = await deps.throttle.recordSuccess(attempt);
  if (success.blocked) throw tooMany(success.retryAfterSeconds);
  if (isPanelRole(row.role)) {
    const methods = await secondFactorMethods(deps.db, row.id);
    if (methods.length > 0) {
      return { mfaToken: await createMfaToken(deps.db, row.id, deps.now(), true), methods };
    }
  }
  return openSession(deps, row, input, true);
}

/** The session of a signed-in account, its device cookie, and for a seller the day's daily_login. */
async function openSession(
  deps: SignInDeps,
  row: Parameters<typeof toUserDto>[0],
  input: SignInOrigin,
  viaCompany = false,
): Promise<SignedIn> {
  const nextDeviceCookie = deps.devices.issue(input.deviceCookie, row.email);
  const now = deps.now();
  const token = await createSession(deps.db, row.id, now, { userAgent: input.userAgent, ip: input.ip });
  if (viaCompany) await auditCompanySignIn(deps.db, row, token, input, now);
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
  return { token, user: toUserDto(row), deviceCookie: nextDeviceCookie };
}

/**
 * The audit entry of a sign-in with the company's account (the only sign-in audited: issue 30, section 3):
 * "Inicio de sesión con la cuenta de la empresa: «Ana Pérez» (Chrome en Linux)", the account as actor,
 * the session as record.
 */
async function auditCompanySignIn(
  db: Db,
  row: Parameters<typeof toUserDto>[0],
  token: string,
  input: SignInOrigin,
  now: Date,
): Promise<void> {
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  await db.insert(auditLog).values({
    at: now,
    actorId: row.id,
    actorEmail: row.email,
    actorRole: row.role,
    ip: input.ip,
    requestId: input.requestId ?? null,
    route: 'POST /api/login/oidc/exchange',
    action: 'create',
    entity: 'sessions',
    entityId: session?.id ?? null,
    changes: {},
    label: `${OIDC_MSG.audited}: ${quoted(row.name)} (${deviceWords(input.userAgent)})`,
  });
}

function tooMany(retryAfterSeconds: number) {
  return new HttpError(429, MSG.tooManyAttempts, undefined, { 'retry-after': String(retryAfterSeconds) });
}
