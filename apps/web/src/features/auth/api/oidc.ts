import type { TLoginResponse, TMfaChallenge, TOidcInfoResponse } from '@panel/shared';
import { companySignInAvailable as available } from '@panel/shared/company-sign-in';
import { apiRequest } from '../../../lib/api-client';

export { companySignInUrl, takeCompanySignInFragment } from '@panel/shared/company-sign-in';

/** Whether to offer "Ingresar con la cuenta de la empresa" (the rules: @panel/shared/company-sign-in). */
export const companySignInAvailable = () =>
  available((path) => apiRequest<TOidcInfoResponse>(path, { token: null, skipSessionCheck: true }));

/** POST /api/login/oidc/exchange: the callback's one-time code for the session (or the second factor's step). */
export function exchangeCompanyCode(code: string): Promise<TLoginResponse | TMfaChallenge> {
  return apiRequest<TLoginResponse | TMfaChallenge>('/login/oidc/exchange', {
    method: 'POST',
    body: { code },
    token: null,
    skipSessionCheck: true,
  });
}
