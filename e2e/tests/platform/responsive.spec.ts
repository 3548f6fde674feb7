import { expect, type Page, test } from '@playwright/test';
import { loginAsAdmin } from '../../support/ui.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** The page itself never scrolls sideways; wide tables scroll inside their own container. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test('at 390 px login, dashboard and branches fit the screen', async ({ page }) => {
  await page.goto('/login');
  await expectNoHorizontalOverflow(page);
  await loginAsAdmin(page);
  await expectNoHorizontalOverflow(page);
  await page.goto('/branches');
  await expect(page.getByText(/^1-5 de \d+$/)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  // The row actions stay reachable without scrolling the table.
  await expect(page.getByRole('button', { name: 'Editar' }).first()).toBeInViewport();
});

test('at 390 px the menu is a drawer opened from the top bar', async ({ page }) => {
  await loginAsAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(nav.getByRole('link', { name: 'Sucursales', exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await nav.getByRole('link', { name: 'Sucursales', exact: true }).click();
  await expect(page).toHaveURL(/\/branches$/);
  await expect(page.getByRole('heading', { name: 'Sucursales', level: 1 })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sucursales', exact: true })).toBeHidden();
});

test('at 390 px Vendedores keeps its rows usable: selection works and the seller actions sit in a menu', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/users?q=vendedor%40demo.local');
  await expectNoHorizontalOverflow(page);
  const row = page.getByRole('row').filter({ hasText: 'vendedor@demo.local' });
  // The pinned actions column must not cover the row: its checkbox takes the click.
  await row.getByRole('checkbox', { name: /^Seleccionar a / }).check();
  await expect(page.getByRole('region', { name: 'Filas seleccionadas' })).toBeVisible();
  await row.getByRole('button', { name: /^Más acciones de / }).click();
  await page.getByRole('menuitem', { name: 'Volumenes' }).click();
  await expect(page.getByRole('dialog', { name: /^Volumenes mensuales/ })).toBeVisible();
});
