import type { TLoginResponse, TMfaChallenge, TOidcInfoResponse } from '@panel/shared';
import { companySignInAvailable as available, companySignInUrl } from '@panel/shared/company-sign-in';
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

/** Whether to offer "Ingresar con la cuenta de la empresa" (the rules: @panel/shared/company-sign-in). */
export const companySignInAvailable = () =>
  available((path) => apiRequest<TOidcInfoResponse>(path, { token: null, skipSessionCheck: true }));

/** The button's address: the server sends the browser on to the company's sign-in. */
export const COMPANY_SIGN_IN_URL = companySignInUrl('community');

export { takeCompanySignInFragment } from '@panel/shared/company-sign-in';

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
