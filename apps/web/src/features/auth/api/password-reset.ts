import type { TPasswordResetConfirm, TPasswordResetRequest } from '@panel/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/password-reset: always the same neutral message (whether the email exists or not). */
export function requestPasswordReset(input: TPasswordResetRequest): Promise<{ message: string }> {
  return apiRequest('/password-reset', { method: 'POST', body: input, token: null, skipSessionCheck: true });
}

/** POST /api/password-reset/confirm: the link's token and the new password. */
export function confirmPasswordReset(input: TPasswordResetConfirm): Promise<{ message: string }> {
  return apiRequest('/password-reset/confirm', {
    method: 'POST',
    body: input,
    token: null,
    skipSessionCheck: true,
  });
}
