import { z } from 'zod';
import { hasVisibleText, zInt32, zOptionalDisplayUrl } from '../core/common.ts';
import { MSG } from '../core/messages.ts';
import { zPassword } from './password-policy.ts';
import { ZRole } from './users.ts';

// The bodies that can give an account a new password, so they carry the password policy and its
// list of common passwords. Apart from users.ts on purpose: the login screen needs ZUser (through
// auth.ts) but never a new password, and its bundle should not carry the list.

const zName = z.string().trim().min(1, MSG.nameRequired).refine(hasVisibleText, MSG.nameRequired).max(120);
const zEmail = z
  .string()
  .min(1, MSG.emailInvalid)
  .trim()
  .toLowerCase()
  .pipe(z.email(MSG.emailInvalid).max(190));
const zBranchId = zInt32({ min: 1 })
  .nullish()
  .transform((v) => v ?? null);

export const ZUserCreate = z
  .object({
    name: zName,
    email: zEmail,
    password: zPassword,
    role: ZRole.default('seller'),
    branch_id: zBranchId,
    avatar_url: zOptionalDisplayUrl(500),
    active: z.boolean().default(true),
  })
  .refine((user) => user.role !== 'branch_manager' || user.branch_id !== null, {
    path: ['branch_id'],
    message: MSG.managerBranchRequired,
  });
export type TUserCreate = z.input<typeof ZUserCreate>;

/** Every field optional; a password is only changed when one is sent. */
export const ZUserUpdate = z.object({
  name: zName.optional(),
  email: zEmail.optional(),
  password: zPassword.optional(),
  role: ZRole.optional(),
  branch_id: zBranchId.optional(),
  avatar_url: zOptionalDisplayUrl(500).optional(),
  active: z.boolean().optional(),
});
export type TUserUpdate = z.input<typeof ZUserUpdate>;

/** An admin sets a new password, or leaves it out and the server generates one. */
export const ZUserResetPassword = z.object({ password: zPassword.optional() });
export type TUserResetPassword = z.input<typeof ZUserResetPassword>;
