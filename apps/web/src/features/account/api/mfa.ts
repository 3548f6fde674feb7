import type { TMeResponse, TMfaProof, TMfaStatus, TRecoveryCodes, TTotpSetup } from '@panel/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** "Verificación en dos pasos" of the signed-in account (GET /api/me's `meta.mfa`). */
export async function getMyMfa(signal?: AbortSignal): Promise<TMfaStatus> {
  const res = await apiRequest<TMeResponse>('/me', { signal });
  return res.meta.mfa ?? { enabled: false, required: false, recovery_codes_left: 0 };
}

const MFA_KEY = ['me', 'mfa'] as const;

export const myMfaQueryOptions = () =>
  queryOptions({ queryKey: MFA_KEY, queryFn: ({ signal }) => getMyMfa(signal), staleTime: 0 });

export function useMyMfa() {
  return useQuery(myMfaQueryOptions());
}

function useMfaMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MFA_KEY }),
  });
}

/** "Activar": a new key (pending until the first code). */
export const useStartTotp = () =>
  useMfaMutation(() => apiRequest<TTotpSetup>('/me/mfa/totp/setup', { method: 'POST' }));

/** The first code: turns it on and answers the 10 recovery codes, once. */
export const useConfirmTotp = () =>
  useMfaMutation((code: string) =>
    apiRequest<TRecoveryCodes>('/me/mfa/totp/confirm', { method: 'POST', body: { code } }),
  );

/** "Desactivar", with the current password or a code. */
export const useDisableTotp = () =>
  useMfaMutation((proof: TMfaProof) => apiRequest<void>('/me/mfa/totp', { method: 'DELETE', body: proof }));

/** "Generar códigos nuevos", with the current password or a code. */
export const useRegenerateRecoveryCodes = () =>
  useMfaMutation((proof: TMfaProof) =>
    apiRequest<TRecoveryCodes>('/me/mfa/recovery-codes', { method: 'POST', body: proof }),
  );
