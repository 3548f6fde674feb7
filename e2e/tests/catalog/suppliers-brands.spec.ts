import type { Page } from '@playwright/test';
import { apiLogin, unique } from '../../support/api.ts';
import { createBrand, createSeller, createSupplier, saveUnits } from '../../support/targets-api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

const screens = [
  {
    path: '/suppliers',
    title: 'Proveedores',
    create: 'Nuevo proveedor',
    edit: 'Editar proveedor',
    label: 'Descripción / Razón social',
    prefix: 'SUP',
    taken: 'Ya existe un proveedor con el código',
  },
  {
    path: '/brands',
    title: 'Marcas',
    create: 'Nueva marca',
    edit: 'Editar marca',
    label: 'Descripción',
    prefix: 'BR',
    taken: 'Ya existe una marca con el código',
  },
] as const;

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

for (const s of screens) {
  test(`${s.title}: create, duplicate code error, edit and delete`, async ({ page }) => {
    const code = `${s.prefix}${unique().toUpperCase()}`;
    await openAsAdmin(page, s.path);
    await expect(page.getByRole('heading', { name: s.title, level: 1 })).toBeVisible();
    await expect(page.getByText(`Inicio / ${s.title}`)).toBeVisible();

    await page.getByRole('button', { name: 'Agregar' }).click();
    let dialog = page.getByRole('dialog', { name: s.create });
    await expect(dialog.getByText('Ej.: BR001 / SUP001')).toBeVisible();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('El código es obligatorio')).toBeVisible();
    await expect(dialog.getByText('La descripción / razón social es obligatoria')).toBeVisible();
    await dialog.getByLabel('Código').fill(`  ${code.toLowerCase()} `);
    // Names are unique too (case and accents aside): each run's has its code.
    await dialog.getByLabel(s.label).fill(`Limpieza Integral del Norte ${code}`);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Creado correctamente')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByPlaceholder('Búsqueda...').fill(code.toLowerCase());
    await expect(row(page, code)).toHaveCount(1);
    await expect(row(page, code)).toContainText('Limpieza Integral del Norte');

    // The same code again, typed in lower case: 409 with the message under the field.
    await page.getByRole('button', { name: 'Agregar' }).click();
    dialog = page.getByRole('dialog', { name: s.create });
    await dialog.getByLabel('Código').fill(code.toLowerCase());
    await dialog.getByLabel(s.label).fill(`Otra empresa ${code}`);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText(`${s.taken} ${code}`)).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    await row(page, code).getByRole('button', { name: 'Editar' }).click();
    dialog = page.getByRole('dialog', { name: s.edit });
    await expect(dialog.getByLabel('Código')).toHaveValue(code);
    await dialog.getByLabel(s.label).fill(`Limpieza Integral del Noroeste ${code}`);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Actualizado correctamente')).toBeVisible();
    await expect(row(page, code)).toContainText('Limpieza Integral del Noroeste');

    await row(page, code).getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar eliminación' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Eliminado correctamente')).toBeVisible();
    await expect(row(page, code)).toHaveCount(0);
  });
}

test('deleting a brand that target units use is refused with a clear message', async ({ page, request }) => {
  const token = await apiLogin(request);
  const id = unique().toUpperCase();
  const supplier = await createSupplier(request, token, `SUPU${id}`, `Proveedor ${id}`);
  const brand = await createBrand(request, token, `BRU${id}`, `Marca ${id}`);
  const seller = await createSeller(request, token);
  await saveUnits(request, token, {
    user_id: seller.id,
    supplier_id: supplier.id,
    brand_id: brand.id,
    year: 2026,
    items: [{ month: 1, units: 5 }],
  });
  await openAsAdmin(page, `/brands?q=${brand.code}`);
  await row(page, brand.code).getByRole('button', { name: 'Eliminar' }).click();
  await page
    .getByRole('dialog', { name: 'Confirmar eliminación' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(
    page.getByText('No se puede eliminar la marca porque hay unidades pretendidas cargadas con ella.'),
  ).toBeVisible();
  await expect(row(page, brand.code)).toHaveCount(1);
});
