import type { TLoginResponse, TMfaChallenge, TOidcApp, TOidcInfoResponse } from '@panel/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * The company's own sign-in (OpenID Connect; docs/decisions/2026-12-04-oidc.md). GET /api/login/oidc
 * says `enabled` when the server has OIDC_ISSUER and its client: else no button.
 */
export async function companySignInAvailable(): Promise<boolean> {
  try {
    const answer = await apiRequest<TOidcInfoResponse>('/login/oidc', {
      token: null,
      skipSessionCheck: true,
    });
    return answer.data.enabled;
  } catch {
    return false;
  }
}

/** Where the button goes: the server keeps state, nonce and PKCE verifier, and sends the browser to the issuer. */
export const companySignInUrl = (app: TOidcApp) => `/api/login/oidc/start?app=${app}`;

/** POST /api/login/oidc/exchange: the callback's one-time code for the session (or the second factor's step). */
export function exchangeCompanyCode(code: string): Promise<TLoginResponse | TMfaChallenge> {
  return apiRequest<TLoginResponse | TMfaChallenge>('/login/oidc/exchange', {
    method: 'POST',
    body: { code },
    token: null,
    skipSessionCheck: true,
  });
}

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
