import { z } from 'zod';
import { zTimestamp } from '../core/common.ts';
import { registerMessages } from '../core/human-messages.ts';

// Passkeys (WebAuthn) of panel accounts (issue 30, section 2; docs/product.md#second-factor): a second
// factor after the password, and a sign-in without one.

export const PASSKEY_MSG = registerMessages({
  added: 'Llave de acceso agregada.',
  removed: 'Llave de acceso quitada.',
  invalid: 'La llave de acceso no es válida para esta cuenta.',
  expired: 'El pedido de la llave de acceso venció. Probá de nuevo.',
  alreadyRegistered: 'Esa llave de acceso ya está registrada.',
  notFound: 'La llave de acceso no existe o ya se quitó.',
  cancelled: 'Se canceló el uso de la llave de acceso.',
  unsupported: 'Este navegador no permite usar llaves de acceso.',
  responseRequired: 'Falta la respuesta de la llave de acceso',
});

/** How the second step of a sign-in may be taken (POST /api/login's `methods`). */
export const MFA_METHODS = ['totp', 'passkey'] as const;
export type TMfaMethod = (typeof MFA_METHODS)[number];

/** One passkey of the account, as "Mi cuenta" lists it. */
export const ZPasskey = z.object({
  id: z.number().int(),
  /** The browser and system it was made on, in words ("Chrome en Linux"). */
  name: z.string(),
  created_at: zTimestamp,
  last_used_at: zTimestamp.nullable(),
});
export type TPasskey = z.infer<typeof ZPasskey>;
export const ZPasskeyList = z.object({ data: z.array(ZPasskey) });
export type TPasskeyList = z.infer<typeof ZPasskeyList>;
export const ZPasskeyResponse = z.object({ data: ZPasskey });

/**
 * The options of a WebAuthn ceremony, as @simplewebauthn/server makes them and the browser package
 * takes them (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON).
 */
export const ZWebAuthnOptions = z.object({ data: z.looseObject({ challenge: z.string() }) });
export type TWebAuthnOptions = z.infer<typeof ZWebAuthnOptions>;

/** What the browser answered (RegistrationResponseJSON / AuthenticationResponseJSON), checked by the server. */
const zWebAuthnResponse = z.looseObject(
  {
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: z.string().min(1).max(8192) }),
    clientExtensionResults: z.looseObject({}).optional(),
  },
  { error: PASSKEY_MSG.responseRequired },
);

export const ZPasskeyRegister = z.object({ response: zWebAuthnResponse });
export type TPasskeyRegister = z.input<typeof ZPasskeyRegister>;

export const ZPasskeySignIn = z.object({ response: zWebAuthnResponse });
export type TPasskeySignIn = z.input<typeof ZPasskeySignIn>;

/** The second step with a passkey: the token of POST /api/login. */
export const ZPasskeyMfaOptions = z.object({
  mfa_token: z.string().min(1).max(200),
});
export const ZPasskeyMfa = z.object({
  mfa_token: z.string().min(1).max(200),
  response: zWebAuthnResponse,
});
export type TPasskeyMfa = z.input<typeof ZPasskeyMfa>;
