import type { TLoginRequest, TLoginResponse } from '@panel/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/login. A plain call, not a query mutation: the login screen is its own small entry
 * (login.html) and carries no query client.
 */
export function login(input: TLoginRequest): Promise<TLoginResponse> {
  // A 401 here means wrong credentials, not an expired session.
  return apiRequest<TLoginResponse>('/login', {
    method: 'POST',
    body: input,
    token: null,
    skipSessionCheck: true,
  });
}
