import { DEMO_ADMIN, DEMO_SELLER, me } from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';
import { fillLogin, loginAsAdmin, storedToken } from '../../support/ui.ts';

test.describe('Sign-in', () => {
  test('the demo admin signs in and lands on the dashboard with real counters', async ({ page }) => {
    await loginAsAdmin(page);
    await expect(page.getByText('Vendedores').first()).toBeVisible();
    expect(await storedToken(page)).toBeTruthy();
    // The sign-in left this browser's device cookie (its own failure budget; HttpOnly, sign-in route only).
    const device = (await page.context().cookies()).find((c) => c.name === 'panel_device');
    expect(device).toMatchObject({ path: '/api/login', httpOnly: true, sameSite: 'Strict' });
  });

  test('wrong credentials show "Credenciales inválidas" and keep the user on /login', async ({ page }) => {
    await fillLogin(page, DEMO_ADMIN.email, 'no-es-la-clave');
    await expect(page.getByRole('alert').filter({ hasText: 'Credenciales inválidas' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeFalsy();
  });

  test('the form validates the email and the password before calling the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('no-es-un-email');
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await expect(page.getByText('Email inválido')).toBeVisible();
    await expect(page.getByText('Contraseña requerida')).toBeVisible();
  });

  test('a seller is refused with "Esta cuenta no tiene acceso al panel" and pointed to the sellers\' app', async ({
    page,
  }) => {
    await fillLogin(page, DEMO_SELLER.email, DEMO_SELLER.password);
    const alert = page.getByRole('alert').filter({ hasText: 'Esta cuenta no tiene acceso al panel' });
    await expect(alert).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeFalsy();
    // Issue 21, item 8: the pointer follows the spec's text, and its link opens the sellers' app.
    await expect(alert).toContainText('Los vendedores usan la app de vendedores');
    await alert.getByRole('link', { name: 'Ir a la app de vendedores' }).click();
    await expect(page).toHaveURL(/\/comunidad\/?/);
    await page.getByLabel('Email').fill(DEMO_SELLER.email);
    await page.getByLabel('Contraseña').fill(DEMO_SELLER.password);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await expect(page.getByRole('navigation').first()).toBeVisible();
  });

  test('a seller\'s wrong password says "Credenciales inválidas" and nothing about the account', async ({
    page,
  }) => {
    // The pointer only follows a correct password: the form never tells who is a seller.
    await fillLogin(page, DEMO_SELLER.email, 'no-es-la-clave-del-vendedor');
    await expect(page.getByRole('alert').filter({ hasText: 'Credenciales inválidas' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ir a la app de vendedores' })).toHaveCount(0);
  });
});

test.describe('Guard', () => {
  test('an anonymous visitor of a guarded route is sent to /login', async ({ page }) => {
    await page.goto('/branches');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a revoked or forged stored token sends the user back to /login', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() =>
      localStorage.setItem(
        'auth-storage',
        JSON.stringify({ state: { token: 'forged-token', isAuthenticated: true, user: null }, version: 0 }),
      ),
    );
    await page.goto('/branches');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('Logout', () => {
  test('the menu footer "Cerrar sesión" revokes the token and goes to /login', async ({ page, request }) => {
    await loginAsAdmin(page);
    const token = (await storedToken(page))!;
    await page.getByRole('navigation').getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeFalsy();
    // The panel forgets the session at once and revokes it on the server without making the admin wait.
    await expect.poll(async () => (await me(request, token)).status()).toBe(401);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the profile dropdown logout revokes the token and goes to /login', async ({ page, request }) => {
    await loginAsAdmin(page);
    const token = (await storedToken(page))!;
    await page.getByRole('button', { name: /: Menú de perfil$/ }).click();
    const profile = page.getByRole('dialog').filter({ hasText: DEMO_ADMIN.email });
    await expect(profile).toContainText(DEMO_ADMIN.email);
    await profile.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(async () => (await me(request, token)).status()).toBe(401);
  });
});
