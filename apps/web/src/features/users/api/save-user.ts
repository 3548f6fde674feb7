import type { TUser, TUserCreate, TUserUpdate } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function createUser(input: TUserCreate): Promise<TUser> {
  return (await apiRequest<{ data: TUser }>('/users', { method: 'POST', body: input })).data;
}

export async function updateUser({ id, input }: { id: number; input: TUserUpdate }): Promise<TUser> {
  return (await apiRequest<{ data: TUser }>(`/users/${id}`, { method: 'PUT', body: input })).data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
