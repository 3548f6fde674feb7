import { expect, type Page } from '@playwright/test';
import { DEMO_ADMIN, demoAdminSession, pngImage } from './api.ts';

export async function fillLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

/**
 * Signs in through the login screen and waits for the dashboard: only for tests about signing in or
 * about landing on the dashboard after it. Every other test opens its screen with `openAsAdmin`.
 */
export async function loginAsAdmin(page: Page) {
  await fillLogin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Tablero de control' })).toBeVisible();
}

/** The stored session, as the panel persists it under `auth-storage`. */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('auth-storage');
    if (!raw) return null;
    return (JSON.parse(raw) as { state?: { token?: string | null } }).state?.token ?? null;
  });
}

/**
 * The demo admin's session in this page without the login screen: the worker's session made through
 * the API (`demoAdminSession`), stored exactly as the panel's auth store persists it (`auth-storage`,
 * apps/web/src/lib/auth-store.ts), with the device cookie the sign-in left (as after the screen). The
 * session is shared by the worker's tests: a test that signs out signs in with `loginAsAdmin`. The
 * page is left on a blank document of the panel's origin.
 */
export async function signInAsAdmin(page: Page) {
  const { token, user, device } = await demoAdminSession(page.request);
  if (device) await page.context().addCookies([device]);
  // Any document of the panel's origin will do to write its localStorage: the health check is the
  // smallest (no script, no chunk).
  await page.goto('/api/health');
  await storePanelSession(page, token, user);
}

/** Writes a session into the open document's localStorage exactly as the panel's auth store persists it. */
export async function storePanelSession(page: Page, token: string, user: unknown) {
  await page.evaluate(
    ([t, u]) =>
      localStorage.setItem(
        'auth-storage',
        JSON.stringify({ state: { token: t, isAuthenticated: true, user: u }, version: 0 }),
      ),
    [token, user] as const,
  );
}

/**
 * Opens `path` signed in as the demo admin, without the login screen and without the dashboard
 * (`signInAsAdmin`): how every test that is not about signing in starts. It returns once the screen's
 * chunk has rendered its heading: this first load is a cold one (the panel's bundle and the screen's
 * chunk), which the login screen's own wait used to absorb; the test's assertions keep their budgets.
 */
export async function openAsAdmin(page: Page, path: string) {
  await signInAsAdmin(page);
  await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
}

/**
 * Historias' "Agregar" (the page is on /stories): the new-story dialog with `title` and a portrait
 * image of `color` chosen, ready for its dates and "Guardar".
 */
export async function newStoryDialog(page: Page, title: string, color: string, fileName = 'historia.png') {
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva historia' });
  await dialog.getByLabel('Título').fill(title);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Elegir imagen' }).click();
  await (await chooser).setFiles({
    name: fileName,
    mimeType: 'image/png',
    buffer: await pngImage(color, 360, 640),
  });
  await expect(dialog.getByRole('img', { name: `Vista previa de ${fileName}` })).toBeVisible();
  return dialog;
}
