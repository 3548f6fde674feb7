import { AUTH_STORAGE_KEY, type TUser } from '@panel/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface AuthState {
  token: string | null;
  isAuthenticated: boolean;
  user: TUser | null;
  login: (token: string, user: TUser) => void;
  setUser: (user: TUser) => void;
  logout: () => void;
}

/** The session, persisted in localStorage under `auth-storage` (docs/product.md#the-panels-screens). */
export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      token: null,
      isAuthenticated: false,
      user: null,
      login: (token, user) => set({ token, user, isAuthenticated: true }),
      setUser: (user) => set({ user }),
      logout: () => set({ token: null, user: null, isAuthenticated: false }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, isAuthenticated, user }) => ({ token, isAuthenticated, user }),
    },
  ),
);

/** Ends the session in this browser: the state and the `auth-storage` entry itself. */
export function clearSession() {
  useAuthStore.getState().logout();
  useAuthStore.persist.clearStorage();
}
