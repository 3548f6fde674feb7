import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db, Tx } from '../../db/client.ts';
import { mfaRecoveryCodes, mfaTokens, userPasskeys, userTotp } from '../../db/schema/users.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { isCurrentPassword } from './password-change.ts';
import {
  checkTotp,
  hashRecoveryCode,
  isTotpShaped,
  newRecoveryCodes,
  newTotpKey,
  normalizeRecoveryCode,
} from './totp.ts';

/**
 * The second factor's records (docs/product.md#second-factor): the TOTP key (sealed with the
 * `totp` secret box, lib/secret-box.ts), its recovery codes (SHA-256 only) and the 5-minute tokens
 * between the password and the code. Rules without the database: totp.ts.
 */

/** How long the step between the password and the code lasts. */
export const MFA_TOKEN_TTL_MS = 5 * 60 * 1000;
/** Wrong codes one mfa_token takes before it is spent (the account's own budget: login-throttle.ts). */
export const MFA_TOKEN_MAX_FAILURES = 5;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface MfaState {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** Whether the account has TOTP on, and how many recovery codes it has left. */
export async function mfaState(db: Db | Tx, userId: number): Promise<MfaState> {
  const [row] = await db
    .select({ enabledAt: userTotp.enabledAt, left: count(mfaRecoveryCodes.id) })
    .from(userTotp)
    .leftJoin(
      mfaRecoveryCodes,
      and(eq(mfaRecoveryCodes.totpId, userTotp.id), isNull(mfaRecoveryCodes.usedAt)),
    )
    .where(eq(userTotp.userId, userId))
    .groupBy(userTotp.id);
  if (!row?.enabledAt) return { enabled: false, recoveryCodesLeft: 0 };
  return { enabled: true, recoveryCodesLeft: row.left };
}

/** Whether the account has a second factor: TOTP on, or a passkey (two indexed lookups at most). */
export async function hasSecondFactor(db: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({
      any: sql<boolean>`EXISTS (SELECT 1 FROM ${userTotp} WHERE ${userTotp.userId} = ${userId} AND ${userTotp.enabledAt} IS NOT NULL)
        OR EXISTS (SELECT 1 FROM ${userPasskeys} WHERE ${userPasskeys.userId} = ${userId})`,
    })
    .from(sql`(SELECT 1) AS one`);
  return row?.any === true;
}

/**
 * "Activar": a new key for the account, pending (enabled_at null) until a first code confirms it; a
 * pending key asked for before is replaced. 'enabled' when TOTP is already on.
 */
export async function startTotpSetup(
  db: Db | Tx,
  box: SecretBox,
  user: { id: number; email: string },
): Promise<{ secret: string; otpauthUrl: string; qrSvg: string } | 'enabled'> {
  const [current] = await db
    .select({ enabledAt: userTotp.enabledAt })
    .from(userTotp)
    .where(eq(userTotp.userId, user.id));
  if (current?.enabledAt) return 'enabled';
  const { secret, otpauthUrl } = newTotpKey(user.email);
  const secretEnc = box.encrypt(secret);
  if (current) {
    await db
      .update(userTotp)
      .set({ secretEnc, lastStep: null, codesAt: null })
      .where(eq(userTotp.userId, user.id));
  } else {
    await db.insert(userTotp).values({ userId: user.id, secretEnc });
  }
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrSvg };
}

/**
 * The first code turns the pending key on, and the 10 recovery codes are made (answered once, only
 * their hashes kept). In the caller's transaction (one write of several rows).
 */
export async function confirmTotp(
  tx: Tx,
  box: SecretBox,
  userId: number,
  code: string,
  now: Date,
): Promise<string[] | 'enabled' | 'no-setup' | 'invalid'> {
  const [row] = await tx
    .select({ id: userTotp.id, secretEnc: userTotp.secretEnc, enabledAt: userTotp.enabledAt })
    .from(userTotp)
    .where(eq(userTotp.userId, userId))
    .for('update');
  if (!row) return 'no-setup';
  if (row.enabledAt) return 'enabled';
  const checked = checkTotp(box.decrypt(row.secretEnc), code, now, null);
  if (!checked.ok) return 'invalid';
  // One update of the factor (one audit entry, the new codes inside it).
  await tx
    .update(userTotp)
    .set({ enabledAt: now, lastStep: checked.step, codesAt: now })
    .where(eq(userTotp.id, row.id));
  return replaceRecoveryCodes(tx, row.id);
}

/** New recovery codes for a factor that is on: the old ones stop working. 'not-enabled' otherwise. */
export async function regenerateRecoveryCodes(
  tx: Tx,
  userId: number,
  now: Date,
): Promise<string[] | 'not-enabled'> {
  const [row] = await tx
    .select({ id: userTotp.id, enabledAt: userTotp.enabledAt })
    .from(userTotp)
    .where(eq(userTotp.userId, userId))
    .for('update');
  if (!row?.enabledAt) return 'not-enabled';
  // The factor itself changes too, so Auditoría shows one entry with the codes inside it.
  await tx.update(userTotp).set({ codesAt: now }).where(eq(userTotp.id, row.id));
  return replaceRecoveryCodes(tx, row.id);
}

async function replaceRecoveryCodes(tx: Tx, totpId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.totpId, totpId));
  await tx
    .insert(mfaRecoveryCodes)
    .values(codes.map((code) => ({ totpId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

export type CodeVerdict = 'ok' | 'invalid' | 'used';

/**
 * A code of an account whose TOTP is on: a TOTP code (its step then becomes the last accepted, in
 * one conditional UPDATE, so two requests with the same code cannot both pass) or an unused recovery
 * code (marked used, the same way). 'used' for a TOTP code already accepted.
 */
export async function verifySecondFactor(
  db: Db | Tx,
  box: SecretBox,
  userId: number,
  code: string,
  now: Date,
): Promise<CodeVerdict> {
  const [row] = await db
    .select({ id: userTotp.id, secretEnc: userTotp.secretEnc, lastStep: userTotp.lastStep })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), sql`${userTotp.enabledAt} IS NOT NULL`));
  if (!row) return 'invalid';
  if (isTotpShaped(code)) {
    const checked = checkTotp(box.decrypt(row.secretEnc), code, now, row.lastStep);
    if (!checked.ok) return checked.reason;
    const taken = await db
      .update(userTotp)
      .set({ lastStep: checked.step })
      .where(and(eq(userTotp.id, row.id), or(isNull(userTotp.lastStep), lt(userTotp.lastStep, checked.step))))
      .returning({ id: userTotp.id });
    return taken.length > 0 ? 'ok' : 'used';
  }
  if (normalizeRecoveryCode(code) === null) return 'invalid';
  const used = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaRecoveryCodes.totpId, row.id),
        eq(mfaRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return used.length > 0 ? 'ok' : 'invalid';
}

/**
 * Removes an account's second factor (its key, recovery codes, and open mfa tokens): the account
 * then signs in with its password alone. Whether it had one (on or pending).
 */
/**
 * An administrator's reset (Vendedores, the CLI): every second factor of the account goes, TOTP and
 * passkeys, with its pending sign-in steps. False when it had none.
 */
export async function resetSecondFactors(db: Db | Tx, userId: number): Promise<boolean> {
  const passkeys = await db
    .delete(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .returning({ id: userPasskeys.id });
  const totp = await removeSecondFactor(db, userId);
  return totp || passkeys.length > 0;
}

export async function removeSecondFactor(db: Db | Tx, userId: number): Promise<boolean> {
  await db.delete(mfaTokens).where(eq(mfaTokens.userId, userId));
  const removed = await db.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ id: userTotp.id });
  return removed.length > 0;
}

/** The token answered by a right password for an account with a second factor (32 random bytes). */
export async function createMfaToken(
  db: Db | Tx,
  userId: number,
  now: Date,
  viaCompany = false,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // The account's expired or used tokens go first: the table holds only the current few.
  await db
    .delete(mfaTokens)
    .where(
      and(
        eq(mfaTokens.userId, userId),
        or(lt(mfaTokens.expiresAt, now), sql`${mfaTokens.usedAt} IS NOT NULL`),
      ),
    );
  await db.insert(mfaTokens).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + MFA_TOKEN_TTL_MS),
    viaCompany,
  });
  return token;
}

const isOpenToken = (now: Date) => and(isNull(mfaTokens.usedAt), gt(mfaTokens.expiresAt, now));

/** An mfa token still usable at `now`: not used, not spent, not expired. */
export async function findMfaToken(
  db: Db | Tx,
  token: string,
  now: Date,
): Promise<{ id: number; userId: number; viaCompany: boolean } | null> {
  const [row] = await db
    .select({ id: mfaTokens.id, userId: mfaTokens.userId, viaCompany: mfaTokens.viaCompany })
    .from(mfaTokens)
    .where(and(eq(mfaTokens.tokenHash, hashToken(token)), isOpenToken(now)))
    .limit(1);
  return row ?? null;
}

/** One more wrong code on a token; true when that spent it (MFA_TOKEN_MAX_FAILURES). */
export async function recordMfaTokenFailure(db: Db | Tx, id: number, now: Date): Promise<boolean> {
  const [row] = await db
    .update(mfaTokens)
    .set({
      failures: sql`${mfaTokens.failures} + 1`,
      usedAt: sql`CASE WHEN ${mfaTokens.failures} + 1 >= ${MFA_TOKEN_MAX_FAILURES} THEN ${now.toISOString()}::timestamptz END`,
    })
    .where(and(eq(mfaTokens.id, id), isNull(mfaTokens.usedAt)))
    .returning({ usedAt: mfaTokens.usedAt });
  return !row || row.usedAt !== null;
}

/** Uses a token up (once): false when another request did first, or it expired meanwhile. */
export async function consumeMfaToken(db: Db | Tx, id: number, now: Date): Promise<boolean> {
  const used = await db
    .update(mfaTokens)
    .set({ usedAt: now })
    .where(and(eq(mfaTokens.id, id), isOpenToken(now)))
    .returning({ id: mfaTokens.id });
  return used.length > 0;
}

/**
 * Proof that the person at a session is the account's owner, before turning the factor off or
 * renewing its codes: the current password, or a code (TOTP or recovery; used up like at sign-in).
 */
export async function proveAccount(
  db: Db | Tx,
  box: SecretBox,
  userId: number,
  proof: { password?: string; code?: string },
  now: Date,
): Promise<boolean> {
  if (proof.password) return isCurrentPassword(db as Db, userId, proof.password);
  if (proof.code) return (await verifySecondFactor(db, box, userId, proof.code, now)) === 'ok';
  return false;
}
