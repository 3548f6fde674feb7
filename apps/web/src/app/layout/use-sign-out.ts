import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/logout';
import { clearSession, useAuthStore } from '../../lib/auth-store';

/**
 * Both "Cerrar sesión" (menu footer and profile dropdown) do the same (docs/product.md#the-two-readings-settled): revoke the
 * token on the server without waiting on it, clear `auth-storage` and the cache, go to /login.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    const token = useAuthStore.getState().token;
    void logout(token);
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [queryClient, navigate]);
}
