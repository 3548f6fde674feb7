import type { TLoginResponse } from '@panel/shared';
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

/** Ends the session on the server (a failure is ignored: the session ends here anyway). */
export async function signOutOnServer(): Promise<void> {
  await apiRequest('/logout', { method: 'POST', skipSessionCheck: true }).catch(() => undefined);
}
