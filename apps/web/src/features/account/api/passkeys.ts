import type { TMfaProof, TPasskey, TPasskeyList, TWebAuthnOptions } from '@panel/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['me', 'passkeys'] as const;

/** "Llaves de acceso" of the signed-in account. */
export function useMyPasskeys() {
  return useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => (await apiRequest<TPasskeyList>('/me/passkeys', { signal })).data,
  });
}

function usePasskeyMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // The account's second factor changes with them (GET /api/me's meta.mfa).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: KEY }),
        queryClient.invalidateQueries({ queryKey: ['me', 'mfa'] }),
      ]),
  });
}

/** "Agregar llave de acceso": the server's options, the browser's prompt (loaded on the click), the answer kept. */
export const useAddPasskey = () =>
  usePasskeyMutation(async () => {
    const [{ startRegistration }, options] = await Promise.all([
      import('@simplewebauthn/browser'),
      apiRequest<TWebAuthnOptions>('/me/passkeys/options'),
    ]);
    const response = await startRegistration({ optionsJSON: options.data as never });
    return (await apiRequest<{ data: TPasskey }>('/me/passkeys', { method: 'POST', body: { response } }))
      .data;
  });

/** "Quitar", with the current password or a code. */
export const useRemovePasskey = () =>
  usePasskeyMutation(({ id, proof }: { id: number; proof: TMfaProof }) =>
    apiRequest<void>(`/me/passkeys/${id}`, { method: 'DELETE', body: proof }),
  );
