import type { TLoginMfaRequest, TLoginRequest, TLoginResponse, TMfaChallenge } from '@panel/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/login. A plain call, not a query mutation: the login screen is its own small entry
 * (login.html) and carries no query client.
 */
export function login(input: TLoginRequest): Promise<TLoginResponse | TMfaChallenge> {
  // A 401 here means wrong credentials, not an expired session.
  return apiRequest<TLoginResponse | TMfaChallenge>('/login', {
    method: 'POST',
    body: input,
    token: null,
    skipSessionCheck: true,
  });
}

/** POST /api/login/mfa: the second step, for an account with "Verificación en dos pasos". */
export function loginMfa(input: TLoginMfaRequest): Promise<TLoginResponse> {
  return apiRequest<TLoginResponse>('/login/mfa', {
    method: 'POST',
    body: input,
    token: null,
    skipSessionCheck: true,
  });
}
