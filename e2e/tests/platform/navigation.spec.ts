import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

/** Every entry of the side menu (docs/product.md#layout): [parent submenu, item, path]. */
const ENTRIES: [string | null, string, string][] = [
  [null, 'Tablero', '/'],
  [null, 'Publicaciones', '/posts'],
  [null, 'Historias', '/stories'],
  ['Notificaciones', 'Tipos de Notificación', '/notification-types'],
  ['Notificaciones', 'Notificaciones', '/notifications'],
  ['Eventos', 'Tipos de Eventos', '/event-types'],
  ['Eventos', 'Eventos', '/events'],
  [null, 'Sucursales', '/branches'],
  [null, 'Vendedores', '/users'],
  [null, 'Calendario', '/calendar'],
  ['Avances', 'Proveedores', '/suppliers'],
  ['Avances', 'Marcas', '/brands'],
  ['Avances', 'Participación', '/engagement'],
  ['Gamificación', 'Dashboard', '/points-dashboard'],
  ['Gamificación', 'Leaderboard', '/points-leaderboard'],
  ['Gamificación', 'Historial', '/points-transactions'],
  ['Gamificación', 'Configuración', '/point-actions'],
  [null, 'Encuestas', '/surveys'],
  [null, 'Auditoría', '/audit'],
];

test('every menu entry navigates to its screen', async ({ page }) => {
  await openAsAdmin(page, '/dashboard');
  const nav = page.getByRole('navigation');
  for (const [parent, item, path] of ENTRIES) {
    await test.step(`${parent ? `${parent} › ` : ''}${item}`, async () => {
      if (parent) {
        const link = nav.getByRole('link', { name: item, exact: true });
        if (!(await link.isVisible())) await nav.getByRole('button', { name: parent, exact: true }).click();
      }
      await nav.getByRole('link', { name: item, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : path}$`));
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    });
  }
});

test('the calendar entry shows the real number of upcoming events as a badge', async ({ page }) => {
  // The number in the server's answers to the page itself: other tests add and delete events meanwhile,
  // so a summary asked for separately may already count another number.
  const counts: number[] = [];
  page.on('requestfinished', async (request) => {
    const response = await request.response();
    if (new URL(request.url()).pathname !== '/api/dashboard/summary' || !response?.ok()) return;
    // An answer to a page navigated away from has no body any more: the next page's answer counts
    // (support/answers.ts).
    const body = (await response.json().catch(() => null)) as { data: { upcoming_events: number } } | null;
    if (body) counts.push(body.data.upcoming_events);
  });
  await openAsAdmin(page, '/branches');
  await expect.poll(() => counts.length).toBeGreaterThan(0);
  expect(counts.at(-1)).toBeGreaterThan(0);
  const calendar = page.getByRole('navigation').getByRole('link', { name: /Calendario/ });
  await expect.poll(async () => (await calendar.textContent())?.includes(String(counts.at(-1)))).toBe(true);
});

test('the menu collapses to icons and expands again', async ({ page }) => {
  await openAsAdmin(page, '/branches');
  const nav = page.getByRole('navigation');
  await expect(nav.getByText('Sucursales', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Contraer menú' }).click();
  await expect(nav.getByText('Sucursales', { exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Expandir menú' }).click();
  await expect(nav.getByText('Sucursales', { exact: true })).toBeVisible();
});

test('the menu footer shows the signed-in user and role', async ({ page }) => {
  await openAsAdmin(page, '/branches');
  await expect(page.getByRole('navigation')).toContainText('Administrador Demo');
  await expect(page.getByRole('navigation')).toContainText('Administrador');
});
