import { z } from 'zod';
import { makeListQuery, zOptionalText, zQueryBool, zTimestamp } from './common.ts';
import { MSG } from './messages.ts';

export const ROLES = ['seller', 'admin'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

/** The spec shows any role that is not `seller` as "Administrador". */
export const roleLabel = (role: string) => (role === 'seller' ? 'Vendedor' : 'Administrador');

export const ZUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: ZRole,
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  active: z.boolean(),
  created_at: zTimestamp,
});
export type TUser = z.infer<typeof ZUser>;

const zName = z.string().trim().min(1, MSG.nameRequired).max(120);
const zEmail = z.string().trim().toLowerCase().pipe(z.email(MSG.emailInvalid).max(190));
const zPassword = z.string().min(8, MSG.passwordTooShort).max(200);
const zBranchId = z
  .number()
  .int()
  .positive()
  .nullish()
  .transform((v) => v ?? null);

export const ZUserCreate = z.object({
  name: zName,
  email: zEmail,
  password: zPassword,
  role: ZRole.default('seller'),
  branch_id: zBranchId,
  avatar_url: zOptionalText(500),
  active: z.boolean().default(true),
});
export type TUserCreate = z.input<typeof ZUserCreate>;

/** Every field optional; a password is only changed when one is sent. */
export const ZUserUpdate = z.object({
  name: zName.optional(),
  email: zEmail.optional(),
  password: zPassword.optional(),
  role: ZRole.optional(),
  branch_id: zBranchId.optional(),
  avatar_url: zOptionalText(500).optional(),
  active: z.boolean().optional(),
});
export type TUserUpdate = z.input<typeof ZUserUpdate>;

export const ZUserListQuery = makeListQuery(['name', 'email', 'role', 'created_at'] as const).extend({
  role: ZRole.optional(),
  branch_id: z.coerce.number().int().positive().optional(),
  active: zQueryBool,
});
export type TUserListQuery = z.input<typeof ZUserListQuery>;
