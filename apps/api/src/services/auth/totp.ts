import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@panel/shared';
import { Secret, TOTP } from 'otpauth';

/**
 * The rules of the TOTP second factor (RFC 6238; docs/product.md#second-factor), without the
 * database: 6 digits, 30-second steps, SHA-1 (what every authenticator app reads), a 160-bit key.
 * A code is accepted for its own step and one step either side (clock drift), and only for a step
 * after the last one accepted (`lastStep`), so a code is never accepted twice.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW = 1;
/** What the authenticator app shows above the account. */
export const TOTP_ISSUER = 'Panel de Administración';

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random key (base32) and the otpauth:// address the QR code carries. */
export function newTotpKey(accountEmail: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpOf(secret, accountEmail).toString() };
}

/** The code of a key at an instant (tests, and nothing else). */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totpOf(secretBase32).generate({ timestamp: at.getTime() });
}

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'invalid' | 'used' };

/**
 * Whether `code` is right for the key at `now`: the step it belongs to, or why not. `lastStep` is the
 * last step accepted for this key (null: none yet); a code of that step or an earlier one is 'used'.
 */
export function checkTotp(secretBase32: string, code: string, now: Date, lastStep: number | null): TotpCheck {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return { ok: false, reason: 'invalid' };
  const delta = totpOf(secretBase32).validate({ token, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return { ok: false, reason: 'invalid' };
  const step = TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now.getTime() }) + delta;
  if (lastStep !== null && step <= lastStep) return { ok: false, reason: 'used' };
  return { ok: true, step };
}

/** Recovery codes: 10 letters and digits (no 0/o, 1/l/i), about 50 bits, shown as "abcde-fghij". */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** A typed recovery code as stored: lower case, without spaces or dashes; null if it cannot be one. */
export function normalizeRecoveryCode(code: string): string | null {
  const plain = code.toLowerCase().replace(/[\s-]+/g, '');
  return /^[a-z0-9]{10}$/.test(plain) ? plain : null;
}

/**
 * Only the SHA-256 of a recovery code is stored: the codes are random (50 bits), so a slow hash adds
 * nothing a lookup by hash would keep (and sign-in compares one code against ten).
 */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(normalizeRecoveryCode(code) ?? code)
    .digest('hex');
}

/** Whether a typed code looks like a TOTP code rather than a recovery code. */
export function isTotpShaped(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''));
}
