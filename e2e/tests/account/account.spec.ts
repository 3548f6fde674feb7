import type { TSessionList, TUser } from '@panel/shared';
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, auth, createUser, unique } from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin, storePanelSession } from '../../support/ui.ts';

// Issue 30, section 4: "Mi cuenta" lists the account's open sessions and ends them; Vendedores shows a
// person's sessions to an administrator, who can end them all. Each test has its own accounts: ending
// sessions must never touch the worker's demo administrator.
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const PASSWORD = 'clave-de-prueba-1';

async function newAccount(request: APIRequestContext, role: 'admin' | 'seller') {
  const admin = await apiLogin(request);
  const id = unique();
  return createUser(request, admin, {
    name: `${role === 'admin' ? 'Admin' : 'Vendedora'} ${id.slice(-5)}`,
    email: `sesiones.${id}@prueba.test`,
    password: PASSWORD,
    role,
  });
}

/** Signs in through the API as a browser with `userAgent` would: a session of its own. */
async function signIn(request: APIRequestContext, user: TUser, userAgent: string) {
  const res = await request.post('/api/login', {
    data: { email: user.email, password: PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const me = (request: APIRequestContext, token: string) => request.get('/api/me', { headers: auth(token) });

test.describe('Mi cuenta', () => {
  test('lists this session and the other, ends the other, and the other is gone (its token refused)', async ({
    page,
    request,
  }) => {
    const user = await newAccount(request, 'admin');
    const mine = await signIn(request, user, WINDOWS_CHROME);
    const other = await signIn(request, user, IPHONE_SAFARI);
    await page.goto('/api/health');
    await storePanelSession(page, mine, user);
    await page.goto('/dashboard');

    await page.getByRole('button', { name: /Menú de perfil/ }).click();
    await page.getByRole('link', { name: 'Mi cuenta' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();

    const table = page.getByRole('table', { name: 'Sesiones abiertas' });
    await expect(table.getByRole('row')).toHaveCount(3);
    const current = table.getByRole('row').filter({ hasText: 'esta sesión' });
    await expect(current).toContainText('Chrome en Windows');
    const phone = table.getByRole('row').filter({ hasText: 'Safari en iPhone' });
    await expect(phone).not.toContainText('esta sesión');

    await phone.getByRole('button', { name: 'Cerrar la sesión de Safari en iPhone' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Cerrar esta sesión?' });
    await expect(confirm).toContainText('Safari en iPhone');
    await confirm.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByText('Sesión cerrada')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByText('Safari en iPhone')).toHaveCount(0);
    expect((await me(request, other)).status()).toBe(401);
    expect((await me(request, mine)).status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Cerrar las demás' })).toHaveCount(0);
  });

  test('a list that cannot load says so, and "Reintentar" loads it', async ({ page, request }) => {
    const user = await newAccount(request, 'admin');
    const mine = await signIn(request, user, WINDOWS_CHROME);
    let failing = true;
    await page.route('**/api/me/sessions', (route) =>
      failing
        ? route.fulfill({ status: 503, json: { message: 'El servicio no está disponible' } })
        : route.fallback(),
    );
    await page.goto('/api/health');
    await storePanelSession(page, mine, user);
    await page.goto('/account');
    await expect(page.getByText('No se pudieron cargar las sesiones.')).toBeVisible();
    await expect(page.getByText('El servicio no está disponible')).toBeVisible();
    failing = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(
      page.getByRole('table', { name: 'Sesiones abiertas' }).getByText('esta sesión'),
    ).toBeVisible();
  });
});

test.describe('Vendedores → Sesiones', () => {
  test("shows a seller's two sessions and ends them all", async ({ page, request }) => {
    const seller = await newAccount(request, 'seller');
    const a = await signIn(request, seller, WINDOWS_CHROME);
    const b = await signIn(request, seller, IPHONE_SAFARI);
    await openAsAdmin(page, `/users?q=${encodeURIComponent(seller.name)}`);
    const row = page.getByRole('row').filter({ hasText: seller.email });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Sesiones de ${seller.name}` }).click();

    const dialog = page.getByRole('dialog', { name: `Sesiones de ${seller.name}` });
    await expect(dialog.getByText('Chrome en Windows')).toBeVisible();
    await expect(dialog.getByText('Safari en iPhone')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar todas las sesiones' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Cerrar todas las sesiones?' });
    await confirm.getByRole('button', { name: 'Cerrar todas las sesiones' }).click();
    await expect(page.getByText('Se cerraron 2 sesiones')).toBeVisible();
    await expect(dialog.getByText('No hay sesiones abiertas.')).toBeVisible();
    expect((await me(request, a)).status()).toBe(401);
    expect((await me(request, b)).status()).toBe(401);

    const admin = await apiLogin(request);
    const left = await request.get(`/api/users/${seller.id}/sessions`, { headers: auth(admin) });
    expect(((await left.json()) as TSessionList).meta.total).toBe(0);
  });
});
