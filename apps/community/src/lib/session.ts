import type { TUser } from '@panel/shared';
import { useSyncExternalStore } from 'react';
import { SESSION_KEY } from './early';

/**
 * The seller's session in this browser, under its own storage key (SESSION_KEY, in lib/early.ts; boot.ts reads
 * it too): the panel keeps `auth-storage` for administrators, and a seller signed in here must not look
 * signed in there.
 */
/** The panel's session (apps/web, docs/product.md#the-panels-screens): an administrator signed in there is sent back to it. */
const PANEL_SESSION_KEY = 'auth-storage';

export interface Session {
  token: string;
  user: TUser;
}

interface SessionState {
  session: Session | null;
  /** Set when the server ended the session (401): the sign-in screen says so. */
  expired: boolean;
}

function read(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Session>;
    return typeof parsed.token === 'string' && parsed.user ? (parsed as Session) : null;
  } catch {
    return null;
  }
}

let state: SessionState = { session: read(), expired: false };
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return state.session;
}

export function signIn(session: Session) {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  set({ session, expired: false });
}

export function updateUser(user: TUser) {
  if (!state.session) return;
  signIn({ ...state.session, user });
}

/** Ends the session here; `expired` when the server refused it, so the seller is asked to sign in again. */
export function signOut(options: { expired?: boolean } = {}) {
  localStorage.removeItem(SESSION_KEY);
  set({ session: null, expired: Boolean(options.expired) });
}

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribeSession, () => state);
}

export function isSeller(user: Pick<TUser, 'role'>): boolean {
  return user.role === 'seller';
}

/** Whether the panel holds an administrator's session in this browser (then the app sends them there). */
export function panelAdminSignedIn(): boolean {
  try {
    const raw = localStorage.getItem(PANEL_SESSION_KEY);
    if (!raw) return false;
    const { state: panel } = JSON.parse(raw) as { state?: { token?: string; user?: { role?: string } } };
    return Boolean(panel?.token && panel.user && panel.user.role !== 'seller');
  } catch {
    return false;
  }
}

/** The panel's address, for administrators who open the app. */
export const PANEL_URL = '/dashboard';

// Another tab signing in or out.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_KEY) set({ session: read(), expired: false });
  });
}
