import type { TOidcApp, TOidcInfoResponse } from '../people/oidc.ts';

/**
 * The company's own sign-in (OpenID Connect; docs/decisions/2026-12-04-oidc.md) as the panel and the app
 * both offer it. Each passes its own API client's read; these are the rules they share.
 */

/** GET /api/login/oidc says `enabled` when the server has OIDC_ISSUER and its client; else, or on failure, no button. */
export async function companySignInAvailable(
  read: (path: '/login/oidc') => Promise<TOidcInfoResponse>,
): Promise<boolean> {
  try {
    return (await read('/login/oidc')).data.enabled;
  } catch {
    return false;
  }
}

/** Where the button goes: the server keeps state, nonce and PKCE verifier, and sends the browser to the issuer. */
export const companySignInUrl = (app: TOidcApp) => `/api/login/oidc/start?app=${app}`;

/**
 * What the callback left in the address's fragment (`#oidc_code=…` or `#oidc_error=…`), removed from the
 * address at once so a reload or the history never sends the code again.
 */
export function takeCompanySignInFragment(): { code: string } | { error: string } | null {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const code = params.get('oidc_code');
  const error = params.get('oidc_error');
  if (code === null && error === null) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return code !== null ? { code } : { error: error ?? '' };
}
