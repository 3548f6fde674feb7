import { z } from 'zod';
import { registerMessages } from '../core/human-messages.ts';
import { zPassword } from '../people/password-policy.ts';
import { APP_MSG } from './community-app.ts';

// Cambiar contraseña (POST /api/app/me/password). Apart from community-app.ts, so that only the
// profile screen's bundle carries the password policy's list of common passwords.

export const ZAppChangePassword = z.object({
  current_password: z
    .string({ error: APP_MSG.currentPasswordRequired })
    .min(1, APP_MSG.currentPasswordRequired)
    .max(200),
  new_password: zPassword,
});
export type TAppChangePassword = z.input<typeof ZAppChangePassword>;

/** The answer of a password change: how many other sessions it ended, and the text that says so. */
export const ZAppPasswordChanged = z.object({
  sessions_ended: z.number().int().min(0),
  message: z.string(),
});
export type TAppPasswordChanged = z.infer<typeof ZAppPasswordChanged>;

export const PASSWORD_CHANGE_MSG = registerMessages({
  tooManyTries: 'Demasiados intentos con una contraseña actual incorrecta. Probá de nuevo en unos minutos.',
  changed: 'Contraseña actualizada.',
});

/** "Contraseña actualizada." and, when it ended other sessions, how many and where. */
export function passwordChangedMessage(sessionsEnded: number): string {
  if (sessionsEnded === 0) return PASSWORD_CHANGE_MSG.changed;
  return sessionsEnded === 1
    ? 'Contraseña actualizada. Cerramos la otra sesión abierta de tu cuenta: en ese dispositivo vas a tener que ingresar de nuevo.'
    : `Contraseña actualizada. Cerramos las otras ${sessionsEnded} sesiones abiertas de tu cuenta: en esos dispositivos vas a tener que ingresar de nuevo.`;
}
