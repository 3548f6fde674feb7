import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

// The error paths of loading: the API is made to fail for one call, the rest of the product is real.

test('the dashboard says "Error al cargar datos" when its summary fails, and retries', async ({ page }) => {
  let fail = true;
  await page.route('**/api/dashboard/summary', (route) =>
    fail ? route.fulfill({ status: 502, body: '<html>Bad gateway</html>' }) : route.fallback(),
  );
  await openAsAdmin(page, '/dashboard');
  // The text comes with the first failure: the panel does not retry a load on its own (issue 28, item 18).
  await expect(page.getByText('Error al cargar datos')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByText('Error al cargar datos')).toBeHidden();
  await expect(page.getByText('Vendedores').first()).toBeVisible();
});

test('branches show the server message when loading fails, else "Error al cargar sucursales"', async ({
  page,
}) => {
  await page.route('**/api/branches?*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Servicio en mantenimiento' }),
    }),
  );
  await openAsAdmin(page, '/branches');
  await expect(page.getByText('Servicio en mantenimiento')).toBeVisible();

  await page.unroute('**/api/branches?*');
  await page.route('**/api/branches?*', (route) => route.abort('connectionrefused'));
  await page.goto('/branches?q=sin-red');
  await expect(page.getByText('Error al cargar sucursales')).toBeVisible();
});

test('a list that fails to load offers "Reintentar" next to its text, and the retry shows the rows', async ({
  page,
}) => {
  let fail = true;
  await page.route('**/api/posts?*', (route) =>
    fail ? route.fulfill({ status: 502, body: '<html>Bad gateway</html>' }) : route.fallback(),
  );
  await openAsAdmin(page, '/posts');
  // With the first failure, not after retries (issue 28, item 18).
  await expect(page.getByRole('alert')).toHaveText('Error al cargar posts');
  fail = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.locator('tbody tr[data-id]').first()).toBeVisible();
  await expect(page.getByRole('alert')).toBeHidden();
});

test('a dialog that fails to load offers "Reintentar": Volúmenes, then its months', async ({ page }) => {
  let fail = true;
  await page.route('**/api/user/volume?*', (route) =>
    fail
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Servicio en mantenimiento' }),
        })
      : route.fallback(),
  );
  await openAsAdmin(page, '/users?q=vendedor%40demo.local');
  await page.getByRole('button', { name: /^Volúmenes de / }).click();
  const dialog = page.getByRole('dialog', { name: /^Volúmenes mensuales/ });
  await expect(dialog.getByRole('alert')).toHaveText('Servicio en mantenimiento');
  fail = false;
  await dialog.getByRole('button', { name: 'Reintentar' }).click();
  await expect(dialog.getByLabel('Enero')).toBeVisible();
  await expect(dialog.getByRole('alert')).toBeHidden();
});
