import { z } from 'zod';
import { registerMessages } from '../core/human-messages.ts';
import { OIDC_MSG } from './oidc.ts';

// The second factor of panel accounts (issue 30, section 2; docs/product.md#second-factor): TOTP
// (RFC 6238) with 10 single-use recovery codes.

export const MFA_MSG = registerMessages({
  codeRequired: 'Ingresá el código de verificación',
  codeInvalid: 'El código de verificación no es correcto',
  /** A TOTP code already accepted once (its time step was used): never accepted twice. */
  codeUsed: 'Ese código ya se usó. Esperá el siguiente código de tu aplicación.',
  tokenExpired: 'El paso de verificación venció. Ingresá de nuevo tu email y contraseña.',
  tooManyCodes: 'Demasiados códigos incorrectos. Ingresá de nuevo tu email y contraseña.',
  tooManyTries: 'Demasiados intentos incorrectos. Probá de nuevo en unos minutos.',
  alreadyEnabled: 'La verificación en dos pasos ya está activa.',
  notEnabled: 'La verificación en dos pasos no está activa.',
  noPendingSetup: 'Primero pedí una nueva clave con "Activar".',
  passwordOrCodeRequired: 'Ingresá tu contraseña actual o un código de verificación',
  passwordOrCodeInvalid: 'La contraseña o el código no son correctos',
  /** 403 `code: 'mfa_setup_required'` on panel calls while MFA_REQUIRED is on and the account has none. */
  ownFactorFirst:
    'Activá primero tu propia verificación en dos pasos: si no, esta regla te dejaría sin acceso al panel.',
  requiredInvalid: 'Indicá si la verificación en dos pasos es obligatoria (sí o no)',
  setupRequired:
    'Tu cuenta necesita la verificación en dos pasos. Activala en "Mi cuenta" para seguir usando el panel.',
});

/** How many recovery codes a factor has; each is used once. */
export const RECOVERY_CODE_COUNT = 10;

/** A TOTP code (6 digits) or a recovery code ("abcde-fghij"); spaces and dashes are ignored. */
const zCode = z
  .string({ error: MFA_MSG.codeRequired })
  .trim()
  .min(1, MFA_MSG.codeRequired)
  .max(32, MFA_MSG.codeInvalid);

export const ZMfaChallenge = z.object({
  mfa_required: z.literal(true),
  /** The account's second factors: a code of the app (`totp`) and/or a passkey (`passkey`). */
  methods: z.array(z.enum(['totp', 'passkey'])).min(1),
  /** Lives 5 minutes, single use: sent back to POST /api/login/mfa with the code. */
  mfa_token: z.string(),
});
export type TMfaChallenge = z.infer<typeof ZMfaChallenge>;

export const ZLoginMfaRequest = z.object({
  mfa_token: z
    .string({ error: MFA_MSG.tokenExpired })
    .min(1, MFA_MSG.tokenExpired)
    .max(200, MFA_MSG.tokenExpired),
  code: zCode,
});
export type TLoginMfaRequest = z.input<typeof ZLoginMfaRequest>;

/** "Activar": a new key, pending until a first code confirms it. */
export const ZTotpSetup = z.object({
  /** The key in base32, to type into the app when the QR code cannot be read. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The QR code of otpauth_url, an SVG document. */
  qr_svg: z.string(),
});
export type TTotpSetup = z.infer<typeof ZTotpSetup>;

export const ZTotpConfirm = z.object({
  code: z
    .string({ error: MFA_MSG.codeRequired })
    .trim()
    .min(1, MFA_MSG.codeRequired)
    .regex(/^\d{6}$/, 'El código tiene 6 dígitos'),
});
export type TTotpConfirm = z.input<typeof ZTotpConfirm>;

/** Shown once: only their hashes are kept. */
export const ZRecoveryCodes = z.object({ recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** Turning it off, or new recovery codes: the current password or a code (TOTP or recovery). */
export const ZMfaProof = z
  .object({
    password: z.string().max(200).optional(),
    code: z.string().trim().max(32, MFA_MSG.codeInvalid).optional(),
  })
  .refine((v) => Boolean(v.password) || Boolean(v.code), {
    message: MFA_MSG.passwordOrCodeRequired,
    path: ['password'],
  });
export type TMfaProof = z.input<typeof ZMfaProof>;

/** The account's second factor, in GET /api/me's `meta.mfa`. */
export const ZMfaStatus = z.object({
  /** TOTP is on for this account. */
  enabled: z.boolean(),
  /** Panel accounts need one (MFA_REQUIRED or the panel's rule, GET /api/settings/sign-in). */
  required: z.boolean(),
  /** Recovery codes not used yet (0 when off). */
  recovery_codes_left: z.number().int().min(0),
});
export type TMfaStatus = z.infer<typeof ZMfaStatus>;

/**
 * The company's sign-in rules (GET/PUT /api/settings/sign-in; "Mi cuenta" → "Ingreso al panel").
 * `mfa_required_by_server`: MFA_REQUIRED is set, so it is required whatever `mfa_required` says.
 */
export const ZSignInSettings = z.object({
  mfa_required: z.boolean(),
  mfa_required_by_server: z.boolean(),
  /** Panel accounts sign in only with the company's account (OpenID Connect); applied while it is configured. */
  oidc_only: z.boolean(),
  /** OIDC_ISSUER and its client are set: the "only with the company's account" switch is shown. */
  oidc_available: z.boolean(),
});
export type TSignInSettings = z.infer<typeof ZSignInSettings>;
export const ZSignInSettingsResponse = z.object({ data: ZSignInSettings });
export type TSignInSettingsResponse = z.infer<typeof ZSignInSettingsResponse>;

export const ZSignInSettingsUpdate = z.object({
  mfa_required: z.boolean({ error: MFA_MSG.requiredInvalid }),
  oidc_only: z.boolean({ error: OIDC_MSG.oidcOnlyInvalid }),
});
export type TSignInSettingsUpdate = z.input<typeof ZSignInSettingsUpdate>;
