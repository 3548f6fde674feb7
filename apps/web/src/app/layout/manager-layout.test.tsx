import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../testing/fetch-mock';
import { managerUser, renderWithApp, signIn } from '../../testing/render';
import { FORBIDDEN_TEXT } from '../forbidden-page';
import { AdminLayout } from './admin-layout';

async function setup(route: string) {
  mockApi({
    'GET /api/me': () => ({ body: { data: managerUser } }),
    'GET /api/dashboard/summary': () => ({
      body: { data: { sellers: 1, posts: 2, events: 3, upcoming_events: 0 } },
    }),
  });
  signIn(managerUser, 'tok');
  const routes = [
    {
      element: <AdminLayout />,
      children: [
        { path: '/branches', element: <h1>Sucursales</h1> },
        { path: '/users', element: <h1>Vendedores</h1> },
      ],
    },
  ];
  const view = renderWithApp(null, { routes, route });
  await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
  return view;
}

const nav = () => screen.getByRole('navigation', { name: 'Menú principal' });

describe('AdminLayout for a branch manager', () => {
  it('shows the reduced menu (no company setup) and the role in the footer', async () => {
    await setup('/users');
    expect(await screen.findByRole('heading', { name: 'Vendedores' })).toBeInTheDocument();
    const menu = within(nav());
    expect(menu.getByRole('link', { name: 'Vendedores' })).toHaveAttribute('aria-current', 'page');
    expect(menu.getByRole('link', { name: 'Publicaciones' })).toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'Sucursales' })).toBeNull();
    expect(menu.queryByText('Proveedores')).toBeNull();
    expect(menu.queryByText('Configuración')).toBeNull();
    expect(menu.getByText('Encargado')).toBeInTheDocument();
  });

  it('answers a typed address of an admin-only screen with the refusal, not the screen', async () => {
    await setup('/branches');
    expect(await screen.findByRole('heading', { name: FORBIDDEN_TEXT })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sucursales' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir al tablero' })).toHaveAttribute('href', '/dashboard');
  });
});
