import type { TLoginRequest, TLoginResponse } from '@panel/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function login(input: TLoginRequest): Promise<TLoginResponse> {
  // A 401 here means wrong credentials, not an expired session.
  return apiRequest<TLoginResponse>('/login', {
    method: 'POST',
    body: input,
    token: null,
    skipSessionCheck: true,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
