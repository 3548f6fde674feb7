import { z } from 'zod';
import { INT4_MAX, makeListQuery, zDecimal, zQueryBool, zTimestamp, zVersion } from '../core/common.ts';
import { ZMfaStatus } from './mfa.ts';

export const ROLES = ['seller', 'admin', 'branch_manager'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

/**
 * The roles that sign in to the panel (docs/product.md#roles-and-access): administrators, and branch
 * managers ("Encargado de sucursal"), each tied to one branch and limited to it.
 */
export const PANEL_ROLES = ['admin', 'branch_manager'] as const;
export type TPanelRole = (typeof PANEL_ROLES)[number];
export const isPanelRole = (role: string): role is TPanelRole =>
  role === 'admin' || role === 'branch_manager';

/** The Rol column: "Vendedor", "Encargado", and the spec's "Administrador" for the rest. */
export const roleLabel = (role: string) =>
  role === 'seller' ? 'Vendedor' : role === 'branch_manager' ? 'Encargado' : 'Administrador';

/** A role's whole name, as the user form offers it. */
export const ROLE_NAMES: Record<TRole, string> = {
  seller: 'Vendedor',
  branch_manager: 'Encargado de sucursal',
  admin: 'Administrador',
};

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
  version: zVersion,
});
export type TUser = z.infer<typeof ZUser>;

/** The answers of POST /api/login and GET /api/me. */
export const ZLoginResponse = z.object({ token: z.string(), user: ZUser });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/**
 * `meta.time_zone` is the business time zone (APP_TIMEZONE): the panel reads and types every date in
 * it, whatever the browser's zone (docs/decisions/2026-11-26-date-input.md).
 */
export const ZMeResponse = z.object({
  data: ZUser,
  meta: z.object({
    time_zone: z.string(),
    /** The account's second factor (issue 30, section 2); absent for sellers. */
    mfa: ZMfaStatus.optional(),
  }),
});
export type TMeResponse = z.infer<typeof ZMeResponse>;

export const ZUserListQuery = makeListQuery(['name', 'email', 'role', 'created_at'] as const).extend({
  role: ZRole.optional(),
  branch_id: zDecimal(z.number().int().positive().max(INT4_MAX)).optional(),
  active: zQueryBool,
});
export type TUserListQuery = z.input<typeof ZUserListQuery>;

/** Texts of people management (resets, bulk changes, CSV import and export). */
export const USER_MSG = {
  idsRequired: 'Elegí al menos una persona',
  tooManyIds: 'Podés cambiar hasta 1000 personas por vez',
  importNotCsv: 'Enviá el archivo CSV como texto (Content-Type: text/csv)',
  importEmpty: 'El archivo no tiene filas de datos',
  importTooManyRows: 'El archivo tiene más de 500 filas. Dividilo en partes de hasta 500.',
  importMissingColumns:
    'La primera fila debe tener los encabezados de las columnas, al menos nombre y email (name, email)',
  importUnreadable: 'No se pudo leer el archivo CSV',
  importUtf16:
    'El archivo está en UTF-16. Guardalo como «CSV UTF-8 (delimitado por comas)» o «CSV (delimitado por comas)» y volvé a elegirlo.',
  rowInvalidCharacters: 'La fila tiene caracteres no permitidos (un byte nulo): revisá el archivo',
  importHasProblems: (n: number) =>
    `${n === 1 ? 'Una fila tiene' : `${n} filas tienen`} problemas. No se importó ninguna persona.`,
  rowNameRequired: 'Falta el nombre',
  rowEmailInvalid: 'Email inválido',
  rowEmailRepeated: (line: number) => `El email se repite en el archivo (fila ${line})`,
  rowEmailExists: 'Ya existe un usuario con ese email',
  rowBranchUnknown: (name: string) => `No existe la sucursal «${name}»`,
  rowBranchAmbiguous: (name: string) => `Hay más de una sucursal llamada «${name}»`,
  rowRoleInvalid: (role: string) => `Rol inválido «${role}»: usá Vendedor, Encargado o Administrador`,
  rowActiveInvalid: (value: string) => `Activo inválido «${value}»: usá Sí o No`,
} as const;

/** Rows per import: each new person costs one scrypt hash (slow by design). */
export const IMPORT_MAX_ROWS = 500;
/** Size limit of an imported CSV. */
export const IMPORT_MAX_BYTES = 512 * 1024;

/** The generated password travels once, in this answer; null when the admin chose it. */
export const ZUserResetPasswordResult = z.object({ generated_password: z.string().nullable() });

export const ZUserBulkActive = z.object({
  ids: z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1, USER_MSG.idsRequired)
    .max(1000, USER_MSG.tooManyIds),
  active: z.boolean(),
});
export type TUserBulkActive = z.input<typeof ZUserBulkActive>;
export const ZUserBulkActiveResult = z.object({ updated: z.number().int() });

/** Export takes the list's search and filters (no paging: every matching row). */
export const ZUserExportQuery = ZUserListQuery.omit({ page: true, per_page: true });
export type TUserExportQuery = z.input<typeof ZUserExportQuery>;

export const ZUserImportQuery = z.object({ dry_run: zQueryBool });

/** One CSV row as read, with its problems (empty when it can be imported). */
export const ZUserImportRow = z.object({
  /** The line in the file (the header is line 1). */
  line: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: ZRole.nullable(),
  branch: z.string(),
  branch_id: z.number().int().nullable(),
  /** The `Activo` column (Sí / No); true when the file has none. */
  active: z.boolean(),
  has_password: z.boolean(),
  errors: z.array(z.string()),
});
export type TUserImportRow = z.infer<typeof ZUserImportRow>;

export const ZUserImportPreview = z.object({
  rows: z.array(ZUserImportRow),
  total: z.number().int(),
  error_count: z.number().int(),
});
export type TUserImportPreview = z.infer<typeof ZUserImportPreview>;

export const ZUserImportCredential = z.object({ name: z.string(), email: z.string(), password: z.string() });
export type TUserImportCredential = z.infer<typeof ZUserImportCredential>;

/** After a commit: how many were created, and the generated initial passwords (shown once). */
export const ZUserImportResult = z.object({
  created: z.number().int(),
  credentials: z.array(ZUserImportCredential),
});
export type TUserImportResult = z.infer<typeof ZUserImportResult>;

/** A refused import (400/409) carries the preview, so the panel can show every row's problems. */
export const ZUserImportError = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  preview: ZUserImportPreview.optional(),
});
