import { z } from 'zod';
import { registerMessages } from '../core/human-messages.ts';

// The company's own sign-in, OpenID Connect (issue 30, section 3; docs/decisions/2026-12-04-oidc.md).

export const OIDC_MSG = registerMessages({
  button: 'Ingresar con la cuenta de la empresa',
  /** The audit entry's words, before the account's name. */
  audited: 'Inicio de sesión con la cuenta de la empresa',
  unknownEmail:
    'No hay ninguna cuenta con el email de tu cuenta de la empresa. Pedile a un administrador que te dé de alta.',
  unverifiedEmail: 'Tu cuenta de la empresa no tiene el email verificado: no se puede ingresar con ella.',
  inactive: 'Tu cuenta está desactivada. Consultá con un administrador.',
  failed: 'No se pudo completar el ingreso con la cuenta de la empresa. Probá de nuevo.',
  handoffExpired: 'El ingreso con la cuenta de la empresa venció. Probá de nuevo.',
  oidcOnly: 'Las cuentas del panel ingresan solo con la cuenta de la empresa.',
  oidcOnlyInvalid: 'Indicá si las cuentas del panel ingresan solo con la cuenta de la empresa (sí o no)',
  oidcOnlyNeedsIssuer:
    'El ingreso con la cuenta de la empresa no está configurado en el servidor (OIDC_ISSUER): esta regla no se puede activar.',
});

/**
 * Why a sign-in with the company's account ended without a session: the callback sends the browser back
 * to the panel's or the app's sign-in with `#oidc_error=<key>` (never a message of the issuer's).
 */
export const OIDC_ERRORS = {
  unknown_email: OIDC_MSG.unknownEmail,
  unverified_email: OIDC_MSG.unverifiedEmail,
  inactive: OIDC_MSG.inactive,
  failed: OIDC_MSG.failed,
  oidc_only: OIDC_MSG.oidcOnly,
} as const;
export type TOidcError = keyof typeof OIDC_ERRORS;

/** The words for `#oidc_error=<key>`; an unknown key reads as the general failure. */
export function oidcErrorText(key: string | null | undefined): string {
  return key && Object.hasOwn(OIDC_ERRORS, key) ? OIDC_ERRORS[key as TOidcError] : OIDC_MSG.failed;
}

/** Where the sign-in goes back to: the panel or the sellers' app. */
export const ZOidcApp = z.enum(['panel', 'community']);
export type TOidcApp = z.infer<typeof ZOidcApp>;

/**
 * GET /api/login/oidc: whether the sign-in is configured (the button is shown). Always 200, so a sign-in
 * screen of a server without it logs no failed request; the flow's own routes answer 404 then.
 */
export const ZOidcInfoResponse = z.object({ data: z.object({ enabled: z.boolean() }) });
export type TOidcInfoResponse = z.infer<typeof ZOidcInfoResponse>;

/** POST /api/login/oidc/exchange: the one-time code of the callback's `#oidc_code=` for the session. */
export const ZOidcExchangeRequest = z.object({
  code: z
    .string({ error: OIDC_MSG.handoffExpired })
    .min(1, OIDC_MSG.handoffExpired)
    .max(200, OIDC_MSG.handoffExpired),
});
export type TOidcExchangeRequest = z.infer<typeof ZOidcExchangeRequest>;
