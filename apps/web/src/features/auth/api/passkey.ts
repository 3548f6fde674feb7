import type { TLoginResponse, TWebAuthnOptions } from '@panel/shared';
import { apiRequest } from '../../../lib/api-client';

// Passkeys on the sign-in screen (docs/product.md#second-factor). @simplewebauthn/browser loads on the
// click, so the screen's first load does not carry it.

const publicCall = { method: 'POST' as const, token: null, skipSessionCheck: true };

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The browser's own refusal or cancel (the person closed the prompt, or no passkey here). */
export const isPasskeyCancel = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/** "Ingresar con una llave de acceso": any passkey of this site the device holds, without a password. */
export async function signInWithPasskey(): Promise<TLoginResponse> {
  const [{ startAuthentication }, options] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiRequest<TWebAuthnOptions>('/login/passkey/options', publicCall),
  ]);
  const response = await startAuthentication({ optionsJSON: options.data as never });
  return apiRequest<TLoginResponse>('/login/passkey', { ...publicCall, body: { response } });
}

/** The second step with a passkey, after the password. */
export async function passkeySecondStep(mfaToken: string): Promise<TLoginResponse> {
  const [{ startAuthentication }, options] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiRequest<TWebAuthnOptions>('/login/mfa/passkey/options', {
      ...publicCall,
      body: { mfa_token: mfaToken },
    }),
  ]);
  const response = await startAuthentication({ optionsJSON: options.data as never });
  return apiRequest<TLoginResponse>('/login/mfa/passkey', {
    ...publicCall,
    body: { mfa_token: mfaToken, response },
  });
}
