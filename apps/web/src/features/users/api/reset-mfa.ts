import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** "Restablecer verificación en dos pasos": removes another account's second factor (audited). */
export function resetUserMfa(userId: number): Promise<void> {
  return apiRequest<void>(`/users/${userId}/mfa/reset`, { method: 'POST' });
}

export function useResetUserMfa() {
  return useMutation({ mutationFn: resetUserMfa });
}
