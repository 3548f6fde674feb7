import type { TLoginResponse, TMfaChallenge, TOidcInfoResponse } from '@panel/shared';
import { apiRequest } from './api';
import { offerInstallAfterSignIn } from './install-prompt';
import { isSeller, PANEL_URL, signIn } from './session';

/** The panel's persisted session (docs/product.md#the-panels-screens, zustand's persist format), so an administrator lands signed in. */
function handToPanel({ token, user }: TLoginResponse) {
  localStorage.setItem(
    'auth-storage',
    JSON.stringify({ state: { token, isAuthenticated: true, user }, version: 0 }),
  );
  window.location.assign(PANEL_URL);
}

/**
 * Signs in with the panel's call (POST /api/login). A seller stays here; an administrator is sent
 * to the panel, signed in. Returns false when the browser is leaving for the panel.
 */
export async function signInWithPassword(email: string, password: string): Promise<boolean> {
  const answer = await apiRequest<TLoginResponse>('/login', {
    method: 'POST',
    body: { email, password },
    token: null,
    skipSessionCheck: true,
  });
  if (!isSeller(answer.user)) {
    handToPanel(answer);
    return false;
  }
  offerInstallAfterSignIn();
  signIn({ token: answer.token, user: answer.user });
  return true;
}

/**
 * The company's own sign-in (OpenID Connect; docs/decisions/2026-12-04-oidc.md): GET /api/login/oidc
 * says `enabled` when the server has it configured.
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

/** The button's address: the server sends the browser on to the company's sign-in. */
export const COMPANY_SIGN_IN_URL = '/api/login/oidc/start?app=community';

/**
 * What the callback left in the address's fragment (`#oidc_code=…` or `#oidc_error=…`), removed at once so
 * a reload or the history never sends the code again.
 */
export function takeCompanySignInFragment(): { code: string } | { error: string } | null {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const code = params.get('oidc_code');
  const error = params.get('oidc_error');
  if (code === null && error === null) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return code !== null ? { code } : { error: error ?? '' };
}

/**
 * The callback's one-time code for the session (POST /api/login/oidc/exchange). A seller stays here; an
 * administrator goes to the panel, signed in, or, with a second factor to give, to the panel's sign-in.
 * Returns false when the browser is leaving for the panel.
 */
export async function signInWithCompanyCode(code: string): Promise<boolean> {
  const answer = await apiRequest<TLoginResponse | TMfaChallenge>('/login/oidc/exchange', {
    method: 'POST',
    body: { code },
    token: null,
    skipSessionCheck: true,
  });
  if ('mfa_required' in answer) {
    window.location.assign('/login');
    return false;
  }
  if (!isSeller(answer.user)) {
    handToPanel(answer);
    return false;
  }
  offerInstallAfterSignIn();
  signIn({ token: answer.token, user: answer.user });
  return true;
}

/** Ends the session on the server (a failure is ignored: the session ends here anyway). */
export async function signOutOnServer(): Promise<void> {
  await apiRequest('/logout', { method: 'POST', skipSessionCheck: true }).catch(() => undefined);
}
