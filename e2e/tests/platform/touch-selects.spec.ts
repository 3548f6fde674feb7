import type { Page } from '@playwright/test';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

/**
 * A dropdown in a full-screen dialog on a touch phone (issue 28, item 13): Playwright's touch emulation,
 * not only a narrow window (the desktop window at 390 px never showed it). The options opened 179 px to
 * the right, the page grew to 553 px, the dialog dropped, Guardar left the screen and a tap chose nothing.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });

async function tapTypeAndChoose(page: Page, path: string, dialogName: string, field: string) {
  await openAsAdmin(page, path);
  await page.getByRole('button', { name: 'Agregar', exact: true }).tap();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  const select = dialog.getByRole('combobox', { name: field, exact: true });
  await select.tap();
  const listbox = page
    .getByRole('listbox')
    .filter({ has: page.getByRole('option') })
    .last();
  await expect(listbox).toBeVisible();
  const field_ = await select.boundingBox();
  const box = await listbox.boundingBox();
  // Under the field, from its left edge, inside the screen.
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(Math.abs(box!.x - field_!.x)).toBeLessThanOrEqual(8);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const option = listbox.getByRole('option').nth(1);
  const label = (await option.textContent())?.trim() ?? '';
  await option.tap();
  await expect(listbox).toBeHidden();
  await expect(select).toHaveValue(label);
  // The dialog stays where it was: Guardar on the screen.
  const save = await dialog.getByRole('button', { name: 'Guardar' }).boundingBox();
  expect(save!.x + save!.width).toBeLessThanOrEqual(390);
}

test('Nuevo evento: "Tipo de evento" opens under the field, inside the screen, and a tap chooses', async ({
  page,
}) => {
  await tapTypeAndChoose(page, '/events', 'Nuevo evento', 'Tipo de evento');
});

test('Nueva notificación: "Tipo" opens under the field, inside the screen, and a tap chooses', async ({
  page,
}) => {
  await tapTypeAndChoose(page, '/notifications', 'Nueva notificación', 'Tipo');
});
