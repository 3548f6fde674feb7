import sharp from 'sharp';
import { APP, newSeller, openAppAs, waitForServiceWorker } from '../../support/community.ts';
import { expect, test } from '../../support/test.ts';

// The service worker is what is under test (the project blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test('installable: a manifest with name, start_url, standalone display, theme colour and 192/512 px PNG icons', async ({
  page,
  request,
}) => {
  await page.goto(APP);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/comunidad/manifest.webmanifest');
  const res = await request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Comunidad: la app del equipo de ventas',
    short_name: 'Comunidad',
    start_url: '/comunidad/',
    scope: '/comunidad/',
    display: 'standalone',
    theme_color: '#0b6c72',
  });
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b6c72');
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && (i.purpose ?? 'any') === 'any');
    expect(icon, `a ${size} px icon`).toBeTruthy();
    const file = await request.get(new URL(icon!.src, `http://x${APP}`).pathname);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    const meta = await sharp(await file.body()).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
  }
});

test('an active service worker controls the app and serves it offline', async ({
  page,
  context,
  request,
}) => {
  const { seller } = await newSeller(request);
  await openAppAs(page, seller);
  await waitForServiceWorker(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
  expect(new URL(scope!).pathname).toBe('/comunidad/');
  await page.reload();
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  // A new load of the app's address (Chromium's reload() skips the service worker when offline).
  await page.goto(APP);
  await expect(page.getByRole('heading', { name: 'Comunidad', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Secciones' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  // A screen never opened before still opens (the shell is precached), saying it has no connection.
  await page.goto(`${APP}perfil`);
  await expect(page.getByRole('heading', { name: 'Perfil', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Sin conexión.' })).toBeVisible();
  await context.setOffline(false);
});
