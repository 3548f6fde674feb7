import type { Page } from '@playwright/test';
import { APP, newSeller, type Seller } from '../../support/community.ts';
import { expect, test } from '../../support/test.ts';

/** Signs in through the form, as a seller does (a sign-in is what offers the installation). */
async function signIn(page: Page, seller: Seller) {
  await page.goto(APP);
  await page.getByLabel('Email').fill(seller.email);
  await page.getByLabel('Contraseña').fill(seller.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Comunidad', level: 1 })).toBeVisible({ timeout: 20_000 });
}

/** What Chrome, Edge and Samsung Internet fire when the app can be installed; `prompt()` is recorded. */
async function dispatchInstallPrompt(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted') {
  await page.evaluate((choice) => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string; platform: string }>;
    };
    event.prompt = async () => {
      (window as unknown as { prompted: number }).prompted =
        ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
    };
    event.userChoice = Promise.resolve({ outcome: choice, platform: 'web' });
    window.dispatchEvent(event);
  }, outcome);
}

const offer = (page: Page) => page.locator('.install-sheet').getByRole('region', { name: 'Instalá la app' });

test('Chrome: after signing in the app offers "Instalar app" once, the browser’s dialog opens, and Perfil keeps offering it', async ({
  page,
  request,
}) => {
  const { seller } = await newSeller(request);
  await signIn(page, seller);
  await dispatchInstallPrompt(page);
  await expect(offer(page)).toBeVisible();
  await offer(page).getByRole('button', { name: 'Instalar app' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
  await expect(offer(page)).toHaveCount(0);

  // Once: the next start does not offer it again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Comunidad', level: 1 })).toBeVisible();
  await dispatchInstallPrompt(page);
  await expect(page.getByRole('button', { name: 'Instalar app' })).toHaveCount(0);
  // Always in Perfil.
  await page.getByRole('link', { name: 'Perfil' }).click();
  await page
    .getByRole('region', { name: 'Instalá la app' })
    .getByRole('button', { name: 'Instalar app' })
    .click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
});

test('dismissed once, the offer is remembered on this device: the next sign-in does not show it', async ({
  page,
  request,
}) => {
  const { seller } = await newSeller(request);
  await signIn(page, seller);
  await dispatchInstallPrompt(page);
  await offer(page).getByRole('button', { name: 'Ahora no' }).click();
  await expect(offer(page)).toHaveCount(0);

  await page.getByRole('link', { name: 'Perfil' }).click();
  // The end of Perfil, above the tab bar (the install card made it longer than the screen).
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  await signIn(page, seller);
  await dispatchInstallPrompt(page);
  await expect(page.getByRole('heading', { name: 'Comunidad', level: 1 })).toBeVisible();
  await expect(offer(page)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('comunidad-install-dismissed'))).toBe('1');
});

test.describe('Safari on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  });

  test('shows the two steps, Compartir and "Agregar a inicio", each with its picture', async ({
    page,
    request,
  }) => {
    const { seller } = await newSeller(request);
    await signIn(page, seller);
    const guide = offer(page);
    await expect(guide).toBeVisible();
    const steps = guide.getByRole('listitem');
    await expect(steps).toHaveCount(2);
    await expect(steps.nth(0)).toContainText('Compartir');
    await expect(steps.nth(0).getByRole('img', { name: /botón Compartir/ })).toBeVisible();
    await expect(steps.nth(1)).toContainText('«Agregar a inicio»');
    await expect(steps.nth(1).getByRole('img', { name: /Agregar a inicio/ })).toBeVisible();
    await guide.getByRole('button', { name: 'Entendido' }).click();
    await expect(offer(page)).toHaveCount(0);
    // Perfil shows the same steps, always.
    await page.getByRole('link', { name: 'Perfil' }).click();
    await expect(page.getByRole('region', { name: 'Instalá la app' }).getByRole('img')).toHaveCount(2);
  });

  test('shows nothing when opened from the home screen (navigator.standalone)', async ({ page, request }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: true }));
    const { seller } = await newSeller(request);
    await signIn(page, seller);
    await page.getByRole('link', { name: 'Perfil' }).click();
    await expect(page.getByRole('heading', { name: 'Perfil', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Instalá la app' })).toHaveCount(0);
  });
});

test('installed (display-mode: standalone) it offers nothing, even when the browser fires the event', async ({
  page,
  request,
}) => {
  // This Chromium's DevTools protocol cannot emulate display-mode: the media query answers as installed.
  await page.addInitScript(() => {
    const real = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      /display-mode:\s*standalone/.test(query)
        ? ({ ...real(query), matches: true, media: query } as MediaQueryList)
        : real(query);
  });
  const { seller } = await newSeller(request);
  await signIn(page, seller);
  expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
  await dispatchInstallPrompt(page);
  await expect(page.getByRole('button', { name: 'Instalar app' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Perfil' }).click();
  await expect(page.getByRole('heading', { name: 'Perfil', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Instalá la app' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Instalar app' })).toHaveCount(0);
});
