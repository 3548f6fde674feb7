import { MSG } from '@panel/shared';
import { DEMO_ADMIN, DEMO_SELLER } from '../../support/api.ts';
import { APP, newSeller, openAppAs } from '../../support/community.ts';
import { expect, test } from '../../support/test.ts';

test('a seller signs in with the panel accounts and lands on Inicio with the tab bar', async ({ page }) => {
  await page.goto(APP);
  await page.getByLabel('Email').fill(DEMO_SELLER.email);
  await page.getByLabel('Contraseña').fill(DEMO_SELLER.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Comunidad', level: 1 })).toBeVisible({ timeout: 20_000 });
  const tabs = page.getByRole('navigation', { name: 'Secciones' });
  for (const name of ['Inicio', 'Encuestas', 'Publicar', 'Avisos', 'Puntos']) {
    await expect(tabs.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expect(tabs.getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');
  // The app keeps its own session: the panel's `auth-storage` stays empty for a seller.
  expect(await page.evaluate(() => localStorage.getItem('auth-storage'))).toBeNull();
  // The sign-in left this phone's device cookie (its own failure budget; HttpOnly, sign-in route only).
  const device = (await page.context().cookies()).find((c) => c.name === 'panel_device');
  expect(device).toMatchObject({ path: '/api/login', httpOnly: true, sameSite: 'Strict' });
});

test('a wrong password shows "Credenciales inválidas" and an invalid email the shared message', async ({
  page,
}) => {
  await page.goto(APP);
  await page.getByLabel('Email').fill('no-es-un-email');
  await page.getByLabel('Contraseña').fill('x');
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByText(MSG.emailInvalid)).toBeVisible();

  await page.getByLabel('Email').fill(DEMO_SELLER.email);
  await page.getByLabel('Contraseña').fill('otra-clave-equivocada');
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(MSG.invalidCredentials);
  await expect(page.getByRole('navigation', { name: 'Secciones' })).toHaveCount(0);
});

test('an administrator who signs in to the app is sent to the panel, signed in', async ({ page }) => {
  await page.goto(APP);
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Contraseña').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Tablero de control' })).toBeVisible();
  // Opening the app again with the panel's session goes straight back to the panel.
  await page.goto(APP);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
});

test('an expired session sends the seller to sign in again, saying why', async ({ page, request }) => {
  const { seller } = await newSeller(request);
  await openAppAs(page, seller);
  await expect(page.getByRole('heading', { name: 'Comunidad', level: 1 })).toBeVisible();
  // The server ends the session (as after 12 h idle); the next call answers 401.
  await request.post('/api/logout', { headers: { Authorization: `Bearer ${seller.token}` } });
  await page.getByRole('link', { name: /^Puntos/ }).click();
  await expect(page.getByText('Tu sesión venció.', { exact: false })).toBeVisible();
  await page.getByLabel('Email').fill(seller.email);
  await page.getByLabel('Contraseña').fill(seller.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Mis puntos' })).toBeVisible();
});
