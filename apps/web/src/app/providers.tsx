import { CloseButton, MantineProvider } from '@mantine/core';
import { TOAST_AUTO_CLOSE_MS } from '@panel/shared';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
import { setUnauthorizedHandler } from '../lib/api-client';
import { clearSession } from '../lib/auth-store';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  // A 401 outside login ends the session; the guard then shows /login.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      clearSession();
      queryClient.clear();
    });
  }, [queryClient]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {children}
        {/* docs/product.md#the-two-readings-settled: top-right, 3000 ms, drag 80%, Alt+T, pause on hover and on focus loss. */}
        <ToastContainer
          position="top-right"
          autoClose={TOAST_AUTO_CLOSE_MS}
          draggable
          draggablePercent={80}
          hotKeys={(e) => e.altKey && e.code === 'KeyT'}
          pauseOnHover
          pauseOnFocusLoss
          newestOnTop
          aria-label="Notificaciones (Alt+T)"
          closeButton={({ closeToast }) => (
            <CloseButton size="sm" aria-label="Cerrar aviso" onClick={closeToast} />
          )}
        />
      </QueryClientProvider>
    </MantineProvider>
  );
}
