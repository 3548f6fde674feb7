import { createHash } from 'node:crypto';
import type { TMfaMethod, TPasskey } from '@panel/shared';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { userPasskeys, userTotp, webauthnChallenges } from '../../db/schema/users.ts';

/**
 * Passkeys (WebAuthn, @simplewebauthn/server) of panel accounts: docs/product.md#second-factor,
 * docs/decisions/2026-12-04-passkeys.md. Every ceremony requires user verification (the device's PIN,
 * fingerprint or face), so a passkey alone is two factors: a sign-in without a password is as strong as
 * password + code. Challenges live 2 minutes in a table and serve once.
 */

/** Where passkeys belong: the relying party's id (a domain, never an address) and the page origin. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/**
 * The relying party of PUBLIC_URL. WebAuthn refuses an IP address as its id, so a server known by
 * 127.0.0.1 (the embedded default) offers passkeys at http://localhost:<port>.
 */
export function relyingParty(publicUrl: string, name: string): RelyingParty {
  const url = new URL(publicUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === '127.0.0.1' || host === '::1') url.hostname = 'localhost';
  return { id: url.hostname, origin: url.origin, name };
}

const CHALLENGE_TTL_MS = 2 * 60 * 1000;
/** The options of a ceremony, as JSON for the browser (the shape @simplewebauthn/browser takes). */
export type CeremonyOptions = { challenge: string; [key: string]: unknown };
type Purpose = 'register' | 'sign_in' | 'second_factor';
const hash = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

async function keepChallenge(
  db: Db | Tx,
  challenge: string,
  purpose: Purpose,
  userId: number | null,
  now: Date,
) {
  // Spent and stale ones go at the same time: the table holds only ceremonies in progress.
  await db
    .delete(webauthnChallenges)
    .where(sql`${webauthnChallenges.expiresAt} < ${now.toISOString()}::timestamptz`);
  await db.insert(webauthnChallenges).values({
    challengeHash: hash(challenge),
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
}

/**
 * Takes the challenge the browser's answer signed, once, before any other check: true when it was ours,
 * of this ceremony and account, unexpired and unused. A try that fails later has still spent it.
 */
async function takeChallenge(
  db: Db | Tx,
  clientDataJSON: string,
  purpose: Purpose,
  userId: number | null,
  now: Date,
): Promise<string | null> {
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== 'string') return null;
  const rows = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.challengeHash, hash(challenge)),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return rows.length === 1 ? challenge : null;
}

const toDto = (row: typeof userPasskeys.$inferSelect): TPasskey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** An account's passkeys as a ceremony names them: credential id and transports. */
async function credentialsOf(db: Db | Tx, userId: number) {
  const rows = await db
    .select({ credentialId: userPasskeys.credentialId, transports: userPasskeys.transports })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId));
  return rows.map((c) => ({
    id: c.credentialId,
    transports: c.transports as AuthenticatorTransportFuture[],
  }));
}

/** The account's passkeys, oldest first. */
export async function listPasskeys(db: Db | Tx, userId: number): Promise<TPasskey[]> {
  const rows = await db
    .select()
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .orderBy(asc(userPasskeys.id));
  return rows.map(toDto);
}

/** The second factors an account has, as POST /api/login names them. */
export async function secondFactorMethods(db: Db | Tx, userId: number): Promise<TMfaMethod[]> {
  const [row] = await db
    .select({
      totp: sql<boolean>`EXISTS (SELECT 1 FROM ${userTotp} WHERE ${userTotp.userId} = ${userId} AND ${userTotp.enabledAt} IS NOT NULL)`,
      passkey: sql<boolean>`EXISTS (SELECT 1 FROM ${userPasskeys} WHERE ${userPasskeys.userId} = ${userId})`,
    })
    .from(sql`(SELECT 1) AS one`);
  return [...(row?.totp ? (['totp'] as const) : []), ...(row?.passkey ? (['passkey'] as const) : [])];
}

/** "Agregar llave de acceso": the options for the browser, its passkeys already made left out. */
export async function registrationOptions(
  db: Db | Tx,
  rp: RelyingParty,
  user: { id: number; email: string; name: string },
  now: Date,
): Promise<CeremonyOptions> {
  const existing = await credentialsOf(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing,
    // Discoverable (a sign-in without typing the email) and verified by the device.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(db, options.challenge, 'register', user.id, now);
  return { ...options };
}

/** The browser's new passkey, checked and kept. 'invalid' or 'duplicate' otherwise. */
export async function registerPasskey(
  db: Db | Tx,
  rp: RelyingParty,
  userId: number,
  response: RegistrationResponseJSON,
  name: string,
  now: Date,
): Promise<TPasskey | 'invalid' | 'duplicate'> {
  const challenge = await takeChallenge(db, response.response.clientDataJSON, 'register', userId, now);
  if (!challenge) return 'invalid';
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    return 'invalid';
  }
  if (!verified.verified) return 'invalid';
  const { credential } = verified.registrationInfo;
  const [row] = await db
    .insert(userPasskeys)
    .values({
      userId,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
    })
    .onConflictDoNothing()
    .returning();
  return row ? toDto(row) : 'duplicate';
}

/** Removes one of the account's passkeys; false when it has no such one. */
export async function removePasskey(db: Db | Tx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, userId)))
    .returning({ id: userPasskeys.id });
  return rows.length === 1;
}

/**
 * The options of a sign-in: for a known account (the second step), its passkeys; without one (a sign-in
 * without a password), any passkey of this site the device holds.
 */
export async function authenticationOptions(
  db: Db | Tx,
  rp: RelyingParty,
  userId: number | null,
  now: Date,
): Promise<CeremonyOptions> {
  const allow = userId === null ? undefined : await credentialsOf(db, userId);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allow,
    userVerification: 'required',
  });
  await keepChallenge(db, options.challenge, userId === null ? 'sign_in' : 'second_factor', userId, now);
  return { ...options };
}

/** The account a passkey belongs to, by the credential id the browser answered; null when unknown. */
export async function passkeyOwner(db: Db | Tx, credentialId: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: userPasskeys.userId })
    .from(userPasskeys)
    .where(eq(userPasskeys.credentialId, credentialId));
  return row?.userId ?? null;
}

/**
 * Checks a sign-in with a passkey of `userId` (the signature, the challenge of this ceremony taken once,
 * the origin, the device's verification, a counter that moves forward) and notes its use. `forUser`: the
 * challenge was made for that account (second step), or for anyone (null: without a password).
 */
export async function verifyPasskeySignIn(
  db: Db | Tx,
  rp: RelyingParty,
  userId: number,
  forUser: number | null,
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select()
    .from(userPasskeys)
    .where(and(eq(userPasskeys.credentialId, response.id), eq(userPasskeys.userId, userId)));
  const purpose = forUser === null ? 'sign_in' : 'second_factor';
  const challenge = await takeChallenge(db, response.response.clientDataJSON, purpose, forUser, now);
  if (!row || !challenge) return false;
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: row.credentialId,
        publicKey: isoBase64URL.toBuffer(row.publicKey),
        counter: row.counter,
        transports: row.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: true,
    });
  } catch {
    return false;
  }
  if (!verified.verified) return false;
  await db
    .update(userPasskeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now })
    .where(eq(userPasskeys.id, row.id));
  return true;
}
