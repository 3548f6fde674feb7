import type { TUser } from '@panel/shared';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { useAuthStore } from '../lib/auth-store';

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

interface RenderOptions {
  /** The URL to start at. */
  route?: string;
  /** Full route tree; by default `ui` is rendered at `path`. */
  routes?: RouteObject[];
  path?: string;
  /** The app's own client (e.g. `createQueryClient()`, to test its defaults); a test client by default. */
  queryClient?: QueryClient;
}

/** Renders with the app's real providers (Mantine, TanStack Query, toasts) inside a memory router. */
export function renderWithApp(
  ui: ReactElement | null,
  { route = '/', routes, path = '*', queryClient = createTestQueryClient() }: RenderOptions = {},
) {
  const router = createMemoryRouter(routes ?? [{ path, element: ui }], { initialEntries: [route] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}

export const adminUser: TUser = {
  id: 1,
  version: 1,
  name: 'Ana Administradora',
  email: 'admin@demo.local',
  role: 'admin',
  branch_id: null,
  branch_name: null,
  avatar_url: null,
  active: true,
  created_at: '2026-01-01T12:00:00.000Z',
};

export const sellerUser: TUser = {
  ...adminUser,
  id: 2,
  name: 'Vera Vendedora',
  email: 'vendedor@demo.local',
  role: 'seller',
};

/** A branch manager ("Encargado de sucursal") of branch 7, "Centro" (docs/product.md#branch-managers). */
export const managerUser: TUser = {
  ...adminUser,
  id: 3,
  name: 'Elena Encargada',
  email: 'encargada@demo.local',
  role: 'branch_manager',
  branch_id: 7,
  branch_name: 'Centro',
};

export function signIn(user: TUser = adminUser, token = 'test-token') {
  useAuthStore.getState().login(token, user);
}
