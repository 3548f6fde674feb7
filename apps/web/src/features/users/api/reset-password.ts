import type { TUserResetPassword } from '@panel/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function resetPassword({
  id,
  input,
}: {
  id: number;
  input: TUserResetPassword;
}): Promise<{ generated_password: string | null }> {
  const res = await apiRequest<{ data: { generated_password: string | null } }>(
    `/users/${id}/reset-password`,
    { method: 'POST', body: input },
  );
  return res.data;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
