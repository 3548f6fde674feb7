import { z } from 'zod';
import { registerMessages } from '../core/human-messages.ts';
import { MSG } from '../core/messages.ts';
import COMMON_PASSWORDS from './common-passwords.json' with { type: 'json' };

/**
 * Password policy for new and reset passwords (ASVS V2.1): at least 10 characters, at most 200,
 * and none of the 1,000 most common passwords. The list is data (`common-passwords.json`): the
 * first 1,000 entries of the frequency-ranked password list of @zxcvbn-ts/language-common 4.1.3
 * (MIT, from zxcvbn by Dropbox). Compared ignoring case and surrounding spaces. Sign-in never
 * applies it: old passwords keep working until they are changed.
 */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

export const PASSWORD_MSG = registerMessages({
  tooShort: MSG.passwordTooShort,
  tooLong: `La contraseña puede tener como máximo ${PASSWORD_MAX} caracteres`,
  tooCommon: 'Esa contraseña es de las más usadas y fácil de adivinar: elegí otra',
});

const COMMON = new Set((COMMON_PASSWORDS as string[]).map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.trim().toLowerCase());
}

/** The first problem of a candidate password, in Spanish, or null when it passes the policy. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return PASSWORD_MSG.tooShort;
  if (password.length > PASSWORD_MAX) return PASSWORD_MSG.tooLong;
  if (isCommonPassword(password)) return PASSWORD_MSG.tooCommon;
  return null;
}

/** A new or reset password. */
export const zPassword = z
  .string({ error: PASSWORD_MSG.tooShort })
  .min(PASSWORD_MIN, PASSWORD_MSG.tooShort)
  .max(PASSWORD_MAX, PASSWORD_MSG.tooLong)
  .refine((v) => !isCommonPassword(v), PASSWORD_MSG.tooCommon);
