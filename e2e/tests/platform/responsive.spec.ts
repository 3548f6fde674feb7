import type { Page } from '@playwright/test';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

// A phone: below 768 px lists are cards and dialogs are full-screen (issue 21). Every screen's fit at
// 1280, 1024, 768 and 390 px is checked by every-screen.spec.ts.
test.use({ viewport: { width: 390, height: 844 } });

/** The page itself never scrolls sideways. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test('at 390 px login fits the screen', async ({ page }) => {
  await page.goto('/login');
  await expectNoHorizontalOverflow(page);
});

test('at 390 px the menu is a drawer opened from the top bar', async ({ page }) => {
  await openAsAdmin(page, '/dashboard');
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(nav.getByRole('link', { name: 'Sucursales', exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await nav.getByRole('link', { name: 'Sucursales', exact: true }).click();
  await expect(page).toHaveURL(/\/branches$/);
  await expect(page.getByRole('heading', { name: 'Sucursales', level: 1 })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sucursales', exact: true })).toBeHidden();
});

test('at 390 px Vendedores is a card list: selection, paging, sorting and the actions menu work, and the dialog is full-screen', async ({
  page,
}) => {
  await openAsAdmin(page, '/users');
  const cards = page.getByRole('list', { name: 'Lista de Vendedores' }).getByRole('listitem');
  await expect(cards).toHaveCount(10);
  await expect(page.getByRole('table')).toHaveCount(0);

  // Selection: one card, then the whole page.
  await cards.nth(1).getByRole('checkbox').check();
  await expect(page.getByRole('region', { name: 'Filas seleccionadas' })).toContainText('1 seleccionado');
  await page.getByLabel('Seleccionar todas').check();
  await expect(page.getByRole('region', { name: 'Filas seleccionadas' })).toContainText('10 seleccionados');
  await page.getByRole('button', { name: 'Quitar selección' }).click();

  // Paging and sorting from the cards.
  await page.getByRole('button', { name: 'Página siguiente' }).click();
  await expect(page.getByText(/^11-20 de \d+$/)).toBeVisible();
  await page.getByLabel('Ordenar por').selectOption('-name');
  await expect(page).toHaveURL(/sort=-name/);
  await expect(page.getByText(/^1-10 de \d+$/)).toBeVisible();

  // A seller's actions sit in the card's menu; the dialog fills the phone.
  await page.goto('/users?q=vendedor%40demo.local');
  const seller = page.locator('[data-id]').filter({ hasText: 'vendedor@demo.local' });
  await seller.getByRole('button', { name: /^Más acciones de / }).click();
  await page.getByRole('menuitem', { name: 'Volúmenes' }).click();
  const dialog = page.getByRole('dialog', { name: /^Volúmenes mensuales/ });
  await expect(dialog.getByLabel('Enero')).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box?.x).toBe(0);
  expect(box?.width).toBe(390);
  await expectNoHorizontalOverflow(page);
});

test.describe('on a tablet (768 × 1024)', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('the menu shows its icons only, opens from its button for the visit, and leaves the screen its width (issue 28, item 14)', async ({
    page,
  }) => {
    await openAsAdmin(page, '/surveys');
    await expect(page.getByTestId('survey-card').first()).toBeVisible({ timeout: 20_000 });
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    expect((await nav.boundingBox())?.width).toBeLessThanOrEqual(80);
    // Encuestas' cards keep room for their titles: two columns of cards wider than the menu was.
    const card = await page.getByTestId('survey-card').first().boundingBox();
    expect(card?.width).toBeGreaterThan(280);
    await expectNoHorizontalOverflow(page);

    await page.getByRole('button', { name: 'Expandir menú' }).click();
    expect((await nav.boundingBox())?.width).toBeGreaterThan(200);
    await nav.getByRole('link', { name: 'Sucursales', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Sucursales', level: 1 })).toBeVisible();
    // Opened for that visit only: the next screen has the icons again.
    await expect.poll(async () => (await nav.boundingBox())?.width).toBeLessThanOrEqual(80);
  });
});
