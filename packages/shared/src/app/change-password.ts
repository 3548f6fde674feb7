import { z } from 'zod';
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
