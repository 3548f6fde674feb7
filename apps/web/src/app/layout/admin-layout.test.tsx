import { AUTH_STORAGE_KEY } from '@panel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '../../lib/auth-store';
import { mockApi } from '../../testing/fetch-mock';
import { adminUser, renderWithApp, signIn } from '../../testing/render';
import { AdminLayout, MENU_COLLAPSED_KEY } from './admin-layout';

async function setup(upcoming = 3) {
  const api = mockApi({
    'GET /api/me': () => ({ body: { data: { ...adminUser, name: 'Ana Actualizada' } } }),
    'GET /api/dashboard/summary': () => ({
      body: { data: { sellers: 1, posts: 2, events: 3, upcoming_events: upcoming } },
    }),
    'POST /api/logout': () => ({ status: 204 }),
  });
  signIn(adminUser, 'tok');
  const routes = [
    { path: '/login', element: <p>Pantalla de ingreso</p> },
    {
      element: <AdminLayout />,
      children: [
        { path: '/branches', element: <h1>Sucursales</h1> },
        { path: '/notification-types', element: <h1>Tipos</h1> },
      ],
    },
  ];
  const view = renderWithApp(null, { routes, route: '/branches' });
  // Let /api/me and the summary answer before the test looks (and before it ends).
  await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
  return { ...view, ...api };
}

const nav = () => screen.getByRole('navigation', { name: 'Menú principal' });

// The first test pays for loading the layout's modules: slow under jsdom on a busy machine.
describe('AdminLayout', () => {
  it('puts the screen in <main> and marks the current menu entry', async () => {
    await setup();
    expect(await screen.findByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'Sucursales' }),
    );
    expect(within(nav()).getByRole('link', { name: 'Sucursales' })).toHaveAttribute('aria-current', 'page');
  });

  it('names the brand link and the profile button starting with the text they show (WCAG 2.5.3)', async () => {
    await setup();
    const brand = screen.getByRole('link', { name: /ir al tablero/ });
    expect(brand.textContent).toBe('Panel de Administración');
    expect(brand.getAttribute('aria-label')?.startsWith(brand.textContent ?? '-')).toBe(true);
    const profile = await screen.findByRole('button', { name: /Menú de perfil$/ });
    expect(profile.textContent).toBe('AA');
    expect(profile).toHaveAccessibleName('AA: Menú de perfil');
  });

  it('refreshes the user from /api/me and shows the real name and role in the footer', async () => {
    await setup();
    expect(await within(nav()).findByText('Ana Actualizada')).toBeInTheDocument();
    expect(within(nav()).getByText('Administrador')).toBeInTheDocument();
    expect(useAuthStore.getState().user?.name).toBe('Ana Actualizada');
  });

  it('shows the real number of upcoming events on Calendario, and keeps the link named "Calendario"', async () => {
    await setup(3);
    const link = within(nav()).getByRole('link', { name: 'Calendario' });
    await waitFor(() => expect(link).toHaveTextContent('3'));
    expect(link).toHaveAccessibleDescription('3 eventos en los próximos 7 días');
  });

  it('hides the badge when there are no upcoming events', async () => {
    const { requests } = await setup(0);
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/dashboard/summary')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(within(nav()).getByRole('link', { name: 'Calendario' })).toHaveTextContent(/^Calendario$/);
  });

  it('opens a submenu and reaches its screens', async () => {
    const { user, router } = await setup();
    await user.click(within(nav()).getByRole('button', { name: 'Notificaciones' }));
    await user.click(await within(nav()).findByRole('link', { name: 'Tipos de Notificación' }));
    expect(router.state.location.pathname).toBe('/notification-types');
  });

  it('collapses to the icon rail and remembers it', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Contraer menú' }));
    expect(within(nav()).queryByText('Sucursales')).not.toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Sucursales' })).toBeInTheDocument();
    expect(localStorage.getItem(MENU_COLLAPSED_KEY)).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Expandir menú' }));
    expect(within(nav()).getByText('Sucursales')).toBeInTheDocument();
  });

  it('"Cerrar sesión" in the footer revokes the token, clears auth-storage and goes to /login', async () => {
    const { user, requests, router } = await setup();
    await user.click(within(nav()).getByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByText('Pantalla de ingreso')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    const logout = requests.find((r) => r.url.pathname === '/api/logout');
    expect(logout?.headers.get('Authorization')).toBe('Bearer tok');
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('the profile dropdown shows the user and signs out too, even when the server call fails', async () => {
    mockApi({
      'GET /api/me': () => ({ body: { data: adminUser } }),
      'GET /api/dashboard/summary': () => ({
        body: { data: { sellers: 0, posts: 0, events: 0, upcoming_events: 0 } },
      }),
      'POST /api/logout': () => ({ status: 500, body: { message: 'falló' } }),
    });
    signIn(adminUser, 'tok');
    const { user, router } = renderWithApp(null, {
      route: '/branches',
      routes: [
        { path: '/login', element: <p>Pantalla de ingreso</p> },
        { element: <AdminLayout />, children: [{ path: '/branches', element: <h1>Sucursales</h1> }] },
      ],
    });
    await user.click(screen.getByRole('button', { name: /: Menú de perfil$/ }));
    // jsdom has no layout, so Mantine keeps floating dropdowns hidden: query them hidden.
    const menu = await screen.findByRole('dialog', { hidden: true });
    expect(menu).toHaveTextContent('admin@demo.local');
    expect(menu).toHaveTextContent('Administrador');
    await user.click(within(menu).getByRole('button', { name: 'Cerrar sesión', hidden: true }));
    expect(await screen.findByText('Pantalla de ingreso')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('"ir a pantalla" search finds a screen by name, accents aside, and goes there', async () => {
    const { user, router } = await setup();
    await user.click(screen.getByRole('button', { name: 'Buscar pantalla' }));
    // Pasted, then Enter: one search instead of one per letter typed (21 renders of the list cost up to 7 s on a
    // loaded machine, past the test's budget, in the whole run of 2026-12-04 17:26).
    const field = await screen.findByLabelText('Nombre de la pantalla');
    await user.click(field);
    await user.paste('tipos de notificacion');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notification-types'));
  });
});
