import type { TSignInSettings, TSignInSettingsResponse, TSignInSettingsUpdate } from '@panel/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['settings', 'sign-in'] as const;

/** "Ingreso al panel": the company's sign-in rules (GET /api/settings/sign-in). */
export function useSignInSettings() {
  return useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }): Promise<TSignInSettings> =>
      (await apiRequest<TSignInSettingsResponse>('/settings/sign-in', { signal })).data,
  });
}

/** Saves them; the account's own "required" (GET /api/me) follows. */
export function useSaveSignInSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TSignInSettingsUpdate) =>
      (await apiRequest<TSignInSettingsResponse>('/settings/sign-in', { method: 'PUT', body })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      return queryClient.invalidateQueries({ queryKey: ['me', 'mfa'] });
    },
  });
}
