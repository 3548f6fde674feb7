import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Router } from 'wouter';
import { Spinner } from '../components/spinner';
import { createQueryClient } from '../lib/query-client';
import { isSeller, PANEL_URL, panelAdminSignedIn, useSessionState } from '../lib/session';
import { Shell } from './shell';

const LoginPage = lazy(() => import('../features/auth/login-page'));

/** The router's base: Vite's `base` without its trailing slash ('/comunidad'). */
const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

export function App() {
  const [queryClient] = useState(createQueryClient);
  const { session } = useSessionState();

  // An administrator who opens the app belongs in the panel.
  const goesToPanel = session ? !isSeller(session.user) : panelAdminSignedIn();
  useEffect(() => {
    if (goesToPanel) window.location.replace(PANEL_URL);
  }, [goesToPanel]);

  // Signing out (or an expired session) forgets the previous seller's data.
  useEffect(() => {
    if (!session) queryClient.clear();
  }, [session, queryClient]);

  // The first visit's calls ran before the service worker took over, so none was saved for offline
  // reading: once it controls the page, the screen's data is fetched again (through it, and saved).
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const refetch = () => void queryClient.invalidateQueries({ refetchType: 'active' });
    navigator.serviceWorker.addEventListener('controllerchange', refetch);
    return () => navigator.serviceWorker.removeEventListener('controllerchange', refetch);
  }, [queryClient]);

  if (goesToPanel) return null;
  return (
    <QueryClientProvider client={queryClient}>
      <Router base={BASE}>
        {session ? (
          <Shell />
        ) : (
          <Suspense fallback={<Spinner />}>
            <LoginPage />
          </Suspense>
        )}
      </Router>
    </QueryClientProvider>
  );
}
