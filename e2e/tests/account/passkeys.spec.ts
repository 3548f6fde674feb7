import { PASSKEY_MSG } from '@panel/shared';
import type { Page } from '@playwright/test';
import { BASE_URL } from '../../playwright.config.ts';
import { OWN_PASSWORD, ownAdmin, signInWithPassword } from '../../support/own-admin.ts';
import { expect, test } from '../../support/test.ts';

// Issue 30, section 2 (passkeys): Chromium's virtual authenticator (DevTools protocol, WebAuthn domain)
// plays the device: a platform authenticator with resident keys and user verification. WebAuthn refuses
// an IP address as the site, so these tests use the server at http://localhost:<port> (the server's
// relying party for PUBLIC_URL http://127.0.0.1:<port>, services/auth/passkeys.ts).
const SITE = BASE_URL.replace('127.0.0.1', 'localhost');

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** "Cerrar sesión", as a person does (clearing the storage raced with the dashboard's own writes). */
async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.describe('Llaves de acceso', () => {
  test('an administrator adds a passkey, signs in with it without a password, and uses it as the second step', async ({
    page,
    request,
  }) => {
    const user = await ownAdmin(request, 'llave');
    const { cdp, authenticatorId } = await virtualAuthenticator(page);

    await signInWithPassword(page, user.email, SITE);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`${SITE}/account`);
    await expect(page.getByRole('heading', { name: 'Llaves de acceso' })).toBeVisible();
    await page.getByRole('button', { name: 'Agregar llave de acceso' }).click();
    await expect(page.getByText(PASSKEY_MSG.added)).toBeVisible();
    const list = page.getByRole('list', { name: 'Llaves de acceso' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Último uso nunca');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    // Signed out, "Ingresar con una llave de acceso" opens the panel without the email or the password.
    await signOut(page);
    await page.getByRole('button', { name: 'Ingresar con una llave de acceso' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The password alone now asks for the second step: the passkey.
    await signOut(page);
    await signInWithPassword(page, user.email, SITE);
    await page.getByRole('button', { name: 'Usar una llave de acceso' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(after.credentials[0]!.signCount).toBeGreaterThanOrEqual(2);
  });

  test('"Quitar" refuses a wrong password and keeps the passkey; the right one removes it', async ({
    page,
    request,
  }) => {
    const user = await ownAdmin(request, 'quitar');
    await virtualAuthenticator(page);
    await signInWithPassword(page, user.email, SITE);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`${SITE}/account`);
    await page.getByRole('button', { name: 'Agregar llave de acceso' }).click();
    const list = page.getByRole('list', { name: 'Llaves de acceso' });
    await expect(list.getByRole('listitem')).toHaveCount(1);

    await list.getByRole('button', { name: /^Quitar la llave de acceso/ }).click();
    const dialog = page.getByRole('dialog', { name: '¿Quitar la llave de acceso?' });
    await dialog.getByLabel('Contraseña actual').fill('no-es-esta-1');
    await dialog.getByRole('button', { name: 'Quitar' }).click();
    await expect(dialog.getByText('La contraseña o el código no son correctos')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await dialog.getByLabel('Contraseña actual').fill(OWN_PASSWORD);
    await dialog.getByRole('button', { name: 'Quitar' }).click();
    await expect(page.getByText(PASSKEY_MSG.removed)).toBeVisible();
    await expect(page.getByText('Todavía no agregaste ninguna llave de acceso.')).toBeVisible();
  });
});
