import { MONTHS_ES, type TUser } from '@panel/shared';
import type { Locator, Page } from '@playwright/test';
import { apiLogin, unique } from '../../support/api.ts';
import {
  businessYear,
  createBrand,
  createSeller,
  createSupplier,
  listUnits,
  listVolumes,
  saveUnits,
  upsertVolume,
} from '../../support/targets-api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

/**
 * Chooses a supplier or brand by its code in the units dialog. The options are searched on the server
 * as the code is typed: the click waits for the answer to that search (one option left), since a click
 * on an option of the list it replaces is lost with it.
 */
async function chooseCatalog(page: Page, dialog: Locator, label: 'Proveedor' | 'Marca', code: string) {
  const box = dialog.getByRole('combobox', { name: label });
  await box.fill(code);
  await expect(page.getByRole('listbox', { name: label }).getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: new RegExp(`^${code} · `) }).click();
  await expect(box).toHaveValue(new RegExp(`^${code} · `));
}

/** Opens Vendedores, finds the seller's row and clicks one of its per-seller buttons. */
async function openSellerDialog(page: Page, seller: TUser, button: 'Actividad' | 'Volúmenes' | 'Unidades') {
  await openAsAdmin(page, `/users?q=${encodeURIComponent(seller.name)}`);
  const row = page.getByRole('row').filter({ hasText: seller.email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `${button} de ${seller.name}` }).click();
}

test.describe('Volúmenes', () => {
  test('saves one month emptied and one written "1234,5", and shows them again on reopening', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    const seller = await createSeller(request, token);
    const year = businessYear();
    await upsertVolume(request, token, { user_id: seller.id, year, month: 1, target_amount: 1000 });
    await upsertVolume(request, token, { user_id: seller.id, year, month: 2, target_amount: 2000 });

    await openSellerDialog(page, seller, 'Volúmenes');
    const dialog = page.getByRole('dialog', { name: `Volúmenes mensuales ($) · ${seller.name}` });
    await expect(dialog.getByLabel('Año')).toHaveValue(String(year));
    await expect(dialog.getByLabel('Febrero')).toHaveValue('2.000');
    await expect(dialog.getByText('Dejá vacío un mes para eliminar su volumen.')).toBeVisible();
    await dialog.getByLabel('Febrero').fill('');
    await dialog.getByLabel('Marzo').fill('1234,5');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Metas guardadas correctamente')).toBeVisible();
    await expect(dialog).toBeHidden();

    const stored = await listVolumes(request, token, seller.id, year);
    expect(stored.map((v) => [v.month, v.target_amount])).toEqual([
      [1, 1000],
      [3, 1234.5],
    ]);

    await page
      .getByRole('row')
      .filter({ hasText: seller.email })
      .getByRole('button', { name: `Volúmenes de ${seller.name}` })
      .click();
    await expect(dialog.getByLabel('Marzo')).toHaveValue('1.234,5');
    await expect(dialog.getByLabel('Enero')).toHaveValue('1.000');
    await expect(dialog.getByLabel('Febrero')).toHaveValue('');
  });

  test('an invalid value toasts `Valor inválido en Abril "12a"` and saves nothing', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    const seller = await createSeller(request, token);
    await openSellerDialog(page, seller, 'Volúmenes');
    const dialog = page.getByRole('dialog', { name: `Volúmenes mensuales ($) · ${seller.name}` });
    await dialog.getByLabel('Enero').fill('500');
    await dialog.getByLabel('Abril').fill('12a');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Valor inválido en Abril "12a"')).toBeVisible();
    await expect(dialog).toBeVisible();
    expect(await listVolumes(request, token, seller.id, businessYear())).toEqual([]);
  });
});

test.describe('Unidades', () => {
  test('loads a supplier and brand pair, copies to all, saves, reloads and clears', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    const seller = await createSeller(request, token);
    const id = unique().toUpperCase();
    const supplier = await createSupplier(request, token, `SUPE2E${id}`, `Proveedor E2E ${id}`);
    const brand = await createBrand(request, token, `BRE2E${id}`, `Marca E2E ${id}`);
    const year = businessYear();
    const key = { userId: seller.id, supplierId: supplier.id, brandId: brand.id, year };
    await saveUnits(request, token, {
      user_id: seller.id,
      supplier_id: supplier.id,
      brand_id: brand.id,
      year,
      items: [{ month: 1, units: 40 }],
    });

    await openSellerDialog(page, seller, 'Unidades');
    const dialog = page.getByRole('dialog', { name: `Unidades pretendidas · ${seller.name}` });
    await expect(
      dialog.getByText(`Seleccioná Proveedor y Marca para cargar las unidades del ${year}`),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Guardar unidades' })).toBeDisabled();

    const choose = (label: 'Proveedor' | 'Marca', code: string) => chooseCatalog(page, dialog, label, code);
    await choose('Proveedor', supplier.code);
    await expect(dialog.getByRole('button', { name: 'Guardar unidades' })).toBeDisabled();
    await choose('Marca', brand.code);
    await expect(dialog.getByLabel('Enero', { exact: true })).toHaveValue('40');
    await expect(dialog.getByLabel('Febrero', { exact: true })).toHaveValue('');

    await dialog.getByRole('button', { name: 'Copiar Enero a todos' }).click();
    for (const month of MONTHS_ES) await expect(dialog.getByLabel(month, { exact: true })).toHaveValue('40');
    await dialog.getByLabel('Marzo', { exact: true }).fill('25');
    await dialog.getByRole('button', { name: 'Guardar unidades' }).click();
    // The toast of an earlier save may still be leaving: the live one has role=alert.
    await expect(page.getByRole('alert').filter({ hasText: 'Unidades guardadas' }).first()).toBeVisible();
    const saved = await listUnits(request, token, key);
    expect(saved.map((u) => u.units)).toEqual([40, 40, 25, 40, 40, 40, 40, 40, 40, 40, 40, 40]);

    // Reopen: the pair is chosen again and the saved months come back.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await page
      .getByRole('row')
      .filter({ hasText: seller.email })
      .getByRole('button', { name: `Unidades de ${seller.name}` })
      .click();
    await choose('Proveedor', supplier.code);
    await choose('Marca', brand.code);
    await expect(dialog.getByLabel('Marzo', { exact: true })).toHaveValue('25');

    await dialog.getByRole('button', { name: 'Limpiar todos' }).click();
    for (const month of MONTHS_ES) await expect(dialog.getByLabel(month, { exact: true })).toHaveValue('');
    await dialog.getByRole('button', { name: 'Guardar unidades' }).click();
    // The toast of an earlier save may still be leaving: the live one has role=alert.
    await expect(page.getByRole('alert').filter({ hasText: 'Unidades guardadas' }).first()).toBeVisible();
    await expect.poll(async () => (await listUnits(request, token, key)).length).toBe(0);
  });

  test('an invalid month toasts and writes nothing', async ({ page, request }) => {
    const token = await apiLogin(request);
    const seller = await createSeller(request, token);
    const id = unique().toUpperCase();
    const supplier = await createSupplier(request, token, `SUPX${id}`, `Proveedor X ${id}`);
    const brand = await createBrand(request, token, `BRX${id}`, `Marca X ${id}`);
    await openSellerDialog(page, seller, 'Unidades');
    const dialog = page.getByRole('dialog', { name: `Unidades pretendidas · ${seller.name}` });
    await chooseCatalog(page, dialog, 'Proveedor', supplier.code);
    await chooseCatalog(page, dialog, 'Marca', brand.code);
    await dialog.getByLabel('Mayo', { exact: true }).fill('7,5');
    await dialog.getByRole('button', { name: 'Guardar unidades' }).click();
    await expect(page.getByText('Valor inválido en Mayo "7,5"')).toBeVisible();
    const key = { userId: seller.id, supplierId: supplier.id, brandId: brand.id, year: businessYear() };
    expect(await listUnits(request, token, key)).toEqual([]);
  });
});

test.describe('Actividad', () => {
  test('a seller with no activity shows the empty texts', async ({ page, request }) => {
    const token = await apiLogin(request);
    const seller = await createSeller(request, token);
    await openSellerDialog(page, seller, 'Actividad');
    const dialog = page.getByRole('dialog', { name: `Actividad de ${seller.name}` });
    await expect(dialog.getByText(seller.email)).toBeVisible();
    await expect(dialog.getByText('0 puntos')).toBeVisible();
    await expect(dialog.getByText('Resumen General')).toBeVisible();
    await expect(dialog.getByText('Este usuario aún no tiene actividad registrada')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Últimos 7 días' })).toBeChecked();
    await expect(dialog.getByText('No hay datos disponibles')).toBeVisible();
    await expect(dialog.getByText('No hay actividad reciente')).toBeVisible();
  });

  test('a load failure closes the dialog with "Error al cargar actividad del usuario", whose "Reintentar" opens it again', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    const seller = await createSeller(request, token);
    const failure = '**/api/users/*/activity';
    await page.route(failure, (route) => route.fulfill({ status: 500, body: 'caído' }));
    await openSellerDialog(page, seller, 'Actividad');
    const toast = page.getByRole('alert').filter({ hasText: 'Error al cargar actividad del usuario' });
    await expect(toast.getByText('Error al cargar actividad del usuario', { exact: true })).toBeVisible();
    const dialog = page.getByRole('dialog', { name: `Actividad de ${seller.name}` });
    await expect(dialog).toBeHidden();

    // Issue 21, item 6: the toast offers "Reintentar"; the route now answers normally.
    await page.unroute(failure);
    await toast.getByRole('button', { name: 'Reintentar' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(seller.email)).toBeVisible();
    await expect(dialog.getByText('Este usuario aún no tiene actividad registrada')).toBeVisible();
    await expect(toast).toBeHidden();
  });

  test('only seller rows carry the three buttons', async ({ page }) => {
    await openAsAdmin(page, '/users?q=admin%40demo.local');
    const adminRow = page.getByRole('row').filter({ hasText: 'admin@demo.local' });
    await expect(adminRow).toHaveCount(1);
    await expect(adminRow.getByRole('button', { name: /^(Actividad|Volúmenes|Unidades) de / })).toHaveCount(
      0,
    );
  });
});
