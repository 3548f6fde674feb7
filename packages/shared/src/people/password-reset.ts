import { z } from 'zod';
import { registerMessages } from '../core/human-messages.ts';
import { MSG } from '../core/messages.ts';

// "¿Olvidaste tu contraseña?" (issue 23, item 2): the request for a link. The new password's form
// is in password-reset-confirm.ts, so the request's screen does not carry the password policy's list.

/** Minutes a reset link is valid. */
export const PASSWORD_RESET_MINUTES = 30;

/** The fragment of a reset link: `<app>#restablecer=<token>` (a fragment never reaches a server log). */
export const PASSWORD_RESET_FRAGMENT = 'restablecer';

export const RESET_MSG = registerMessages({
  /** The one answer to a request, whether the email exists or not. */
  sent: 'Si el email está registrado, te enviamos un enlace para elegir una contraseña nueva. Vale por 30 minutos y se usa una sola vez.',
  tooManyRequests: 'Hiciste muchos pedidos seguidos. Esperá unos minutos y probá de nuevo.',
  invalidToken:
    'El enlace no es válido: ya se usó, venció o está incompleto. Pedí uno nuevo con "¿Olvidaste tu contraseña?".',
  tooManyTries: 'Demasiados intentos con enlaces inválidos. Esperá unos minutos y probá de nuevo.',
  done: 'Listo, tu contraseña es la nueva. Cerramos todas tus sesiones: ingresá con la contraseña nueva.',
  passwordsDiffer: 'Las contraseñas no coinciden',
});

export const ZPasswordResetRequest = z.object({
  email: z
    .string({ error: MSG.emailInvalid })
    .min(1, MSG.emailInvalid)
    .trim()
    .toLowerCase()
    .max(254, MSG.emailInvalid)
    .pipe(z.email(MSG.emailInvalid)),
});
export type TPasswordResetRequest = z.input<typeof ZPasswordResetRequest>;

export const ZPasswordResetSent = z.object({ message: z.string() });

/** The token of a link, as the link carries it (base64url of 32 random bytes). */
export const zResetToken = z
  .string({ error: RESET_MSG.invalidToken })
  .regex(/^[A-Za-z0-9_-]{43}$/, RESET_MSG.invalidToken);

/** The token in a reset link's fragment, or null. */
export function resetTokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get(PASSWORD_RESET_FRAGMENT);
  return token && zResetToken.safeParse(token).success ? token : null;
}
