import { z } from 'zod';
import { zPassword } from './password-policy.ts';
import { zResetToken } from './password-reset.ts';

// The new password of a reset link (POST /api/password-reset/confirm), under the password policy.
// Apart from password-reset.ts: only the screen with the new password carries the policy's list.

export const ZPasswordResetConfirm = z.object({
  token: zResetToken,
  password: zPassword,
});
export type TPasswordResetConfirm = z.input<typeof ZPasswordResetConfirm>;
