import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Router } from 'wouter';
import { Spinner } from '../components/spinner';
import { saveUncontrolledCalls } from '../lib/api';
import { createQueryClient } from '../lib/query-client';
import { isSeller, PANEL_URL, panelAdminSignedIn, useSessionState } from '../lib/session';
import { Shell } from './shell';

const LoginPage = lazy(() => import('../features/auth/login-page'));
// A mail's reset link (#restablecer=…), loaded only when one is opened (issue 23, item 2).
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));

/** The token of a reset link in the address's fragment (never sent to a server), or null. */
const resetTokenInHash = () =>
  /[#&]restablecer=([A-Za-z0-9_-]{43})(?:&|$)/.exec(window.location.hash)?.[1] ?? null;

/** The router's base: Vite's `base` without its trailing slash ('/comunidad'). */
const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

export function App() {
  const [queryClient] = useState(createQueryClient);
  const { session } = useSessionState();
  const [resetToken, setResetToken] = useState(resetTokenInHash);
  const [resetDone, setResetDone] = useState<string | null>(null);
  useEffect(() => {
    const read = () => setResetToken(resetTokenInHash());
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);

  // An administrator who opens the app belongs in the panel.
  const goesToPanel = !resetToken && (session ? !isSeller(session.user) : panelAdminSignedIn());
  useEffect(() => {
    if (goesToPanel) window.location.replace(PANEL_URL);
  }, [goesToPanel]);

  // Signing out (or an expired session) forgets the previous seller's data.
  useEffect(() => {
    if (!session) queryClient.clear();
  }, [session, queryClient]);

  // The first visit's calls ran before the service worker took over, so none was saved for offline
  // reading: once it controls the page, they are sent again through it (and saved). The screen is not
  // refetched: a list the seller is reading or loading more of stays as it is.
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const save = () => void saveUncontrolledCalls();
    navigator.serviceWorker.addEventListener('controllerchange', save);
    return () => navigator.serviceWorker.removeEventListener('controllerchange', save);
  }, []);

  if (goesToPanel) return null;
  if (resetToken) {
    return (
      <Suspense fallback={<Spinner />}>
        <ResetPasswordPage
          token={resetToken}
          onLeave={(done) => {
            // The link is used (or left): out of the address bar and this history entry.
            window.history.replaceState(null, '', window.location.pathname);
            setResetToken(null);
            setResetDone(done);
          }}
        />
      </Suspense>
    );
  }
  return (
    <QueryClientProvider client={queryClient}>
      <Router base={BASE}>
        {session ? (
          <Shell />
        ) : (
          <Suspense fallback={<Spinner />}>
            <LoginPage notice={resetDone} />
          </Suspense>
        )}
      </Router>
    </QueryClientProvider>
  );
}
