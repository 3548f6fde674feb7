import { AUTH_STORAGE_KEY } from '@panel/shared';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '../lib/api-client';
import { useAuthStore } from '../lib/auth-store';
import { mockApi } from '../testing/fetch-mock';
import { renderWithApp, signIn } from '../testing/render';
import { RequireAuth } from './require-auth';

const routes = [
  { path: '/login', element: <p>Pantalla de ingreso</p> },
  {
    element: <RequireAuth />,
    children: [
      { path: '/branches', element: <p>Pantalla de sucursales</p> },
      { path: '/dashboard', element: <p>Pantalla del tablero</p> },
    ],
  },
];

describe('RequireAuth', () => {
  it('sends a visitor without a session to /login', async () => {
    const { router } = renderWithApp(null, { routes, route: '/branches' });
    expect(await screen.findByText('Pantalla de ingreso')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Pantalla de sucursales')).not.toBeInTheDocument();
  });

  it('shows the screen to a signed-in user', async () => {
    signIn();
    renderWithApp(null, { routes, route: '/branches' });
    expect(await screen.findByText('Pantalla de sucursales')).toBeInTheDocument();
  });

  it('a 401 from any call ends the session, clears auth-storage and the guard sends the user to /login', async () => {
    mockApi({ 'GET /api/branches': () => ({ status: 401, body: { message: 'Tu sesión expiró' } }) });
    signIn();
    const { router, queryClient } = renderWithApp(null, { routes, route: '/branches' });
    queryClient.setQueryData(['cached'], 'algo');
    await screen.findByText('Pantalla de sucursales');

    await act(async () => {
      await expect(apiRequest('/branches')).rejects.toMatchObject({
        status: 401,
        message: 'Tu sesión expiró',
      });
    });

    expect(await screen.findByText('Pantalla de ingreso')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryData(['cached'])).toBeUndefined();
  });
});
