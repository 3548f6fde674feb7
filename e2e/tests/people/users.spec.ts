import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiLogin, createBranch, createUser, listUsers, me, tryLogin, unique } from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

async function openUsers(page: Page) {
  await openAsAdmin(page, '/users');
  await expect(page.getByRole('heading', { name: 'Vendedores', level: 1 })).toBeVisible();
  await expect(page.getByText('Inicio / Vendedores')).toBeVisible();
}

const search = (page: Page, text: string) => page.getByPlaceholder('Búsqueda...', { exact: true }).fill(text);
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** The CSV a download saved, as rows (BOM and `;` as the panel and the API write them). */
async function downloadedRows(path: string): Promise<string[][]> {
  const text = await readFile(path, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';'));
}

test('lists people with their role badge, searched and filtered on the server', async ({ page, request }) => {
  const token = await apiLogin(request);
  const tag = unique();
  const branch = await createBranch(request, token, { name: `Sucursal Filtro ${tag}` });
  await createUser(request, token, {
    name: `Vendedora Lista ${tag}`,
    email: `lista.${tag}@prueba.test`,
    password: 'clave-segura-1',
    branch_id: branch.id,
  });
  await createUser(request, token, {
    name: `Jefe Lista ${tag}`,
    email: `jefe.${tag}@prueba.test`,
    password: 'clave-segura-1',
    role: 'admin',
  });

  await openUsers(page);
  for (const header of ['Nombre', 'Email', 'Rol', 'Acciones']) {
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
  }
  await search(page, `lista ${tag}`);
  await expect(page.getByText(/^1-2 de 2$/)).toBeVisible();
  await expect(row(page, `Vendedora Lista ${tag}`).getByText('Vendedor', { exact: true })).toBeVisible();
  await expect(row(page, `Jefe Lista ${tag}`).getByText('Administrador', { exact: true })).toBeVisible();
  await expect(row(page, `Vendedora Lista ${tag}`)).toContainText(`Sucursal Filtro ${tag}`);

  await page.getByRole('button', { name: 'Filtros' }).click();
  await page.getByRole('combobox', { name: 'Rol' }).click();
  await page.getByRole('option', { name: 'Administrador' }).click();
  await expect(page.getByText(/^1-1 de 1$/)).toBeVisible();
  await expect(row(page, `Jefe Lista ${tag}`)).toHaveCount(1);
  await expect(page).toHaveURL(/role=admin/);

  await page.getByRole('button', { name: 'Limpiar filtros' }).click();
  await page.getByRole('combobox', { name: 'Sucursal' }).click();
  await page.getByRole('combobox', { name: 'Sucursal' }).fill(`Filtro ${tag}`);
  await page.getByRole('option', { name: `Sucursal Filtro ${tag}` }).click();
  await expect(page.getByText(/^1-1 de 1$/)).toBeVisible();
  await expect(row(page, `Vendedora Lista ${tag}`)).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`branch_id=${branch.id}`));
});

test('adds a seller, refuses a taken email, and edits the name', async ({ page }) => {
  const tag = unique();
  const email = `nuevo.${tag}@prueba.test`;
  await openUsers(page);
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo vendedor' });
  await dialog.getByLabel('Nombre').fill(`Nuevo ${tag}`);
  await dialog.getByLabel('Email').fill('no-es-email');
  await dialog.getByLabel('Contraseña inicial').fill('corta');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Email inválido')).toBeVisible();
  await expect(dialog.getByText('La contraseña debe tener al menos 10 caracteres')).toBeVisible();

  await dialog.getByLabel('Email').fill('admin@demo.local');
  await dialog.getByLabel('Contraseña inicial').fill('clave-segura-1');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ya existe un usuario con ese email')).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Vendedor creado correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();

  await search(page, tag);
  await row(page, `Nuevo ${tag}`)
    .getByRole('button', { name: `Editar a Nuevo ${tag}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Editar vendedor' });
  await expect(edit.getByLabel('Email')).toHaveValue(email);
  await expect(edit.getByLabel('Contraseña inicial')).toHaveCount(0);
  await edit.getByLabel('Nombre').fill(`Editado ${tag}`);
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Vendedor actualizado correctamente')).toBeVisible();
  await expect(row(page, `Editado ${tag}`)).toHaveCount(1);
});

test('deactivates the selected sellers and ends their sessions', async ({ page, request }) => {
  const token = await apiLogin(request);
  const tag = unique();
  const people = [];
  for (const n of [1, 2]) {
    const email = `baja${n}.${tag}@prueba.test`;
    await createUser(request, token, { name: `Baja ${n} ${tag}`, email, password: 'clave-segura-1' });
    people.push((await tryLogin(request, email, 'clave-segura-1')).token!);
  }
  await openUsers(page);
  await search(page, tag);
  await expect(page.getByText(/^1-2 de 2$/)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' }).check();
  await expect(page.getByText('2 seleccionados')).toBeVisible();
  await page.getByRole('button', { name: 'Desactivar', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Desactivar' });
  await expect(confirm).toContainText('a 2 personas');
  await confirm.getByRole('button', { name: 'Desactivar' }).click();
  await expect(page.getByText('Se desactivó a 2 personas')).toBeVisible();
  await expect(row(page, `Baja 1 ${tag}`).getByText('Inactivo')).toBeVisible();
  await expect(row(page, `Baja 2 ${tag}`).getByText('Inactivo')).toBeVisible();
  for (const sellerToken of people) expect((await me(request, sellerToken)).status()).toBe(401);

  await page.getByRole('checkbox', { name: `Seleccionar a Baja 1 ${tag}` }).check();
  await page.getByRole('button', { name: 'Activar', exact: true }).click();
  await expect(page.getByText('Se activó a 1 persona')).toBeVisible();
  await expect(row(page, `Baja 1 ${tag}`).getByText('Inactivo')).toHaveCount(0);
});

test('resets a password to a generated one that works once shown', async ({ page, request }) => {
  const token = await apiLogin(request);
  const tag = unique();
  const email = `reset.${tag}@prueba.test`;
  await createUser(request, token, { name: `Reset ${tag}`, email, password: 'clave-vieja-1' });
  await openUsers(page);
  await search(page, tag);
  await row(page, `Reset ${tag}`)
    .getByRole('button', { name: `Restablecer la contraseña de Reset ${tag}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Restablecer contraseña' });
  await dialog.getByLabel('Escribir la contraseña').check();
  await dialog.getByLabel('Nueva contraseña').fill('corta');
  await dialog.getByRole('button', { name: 'Restablecer' }).click();
  await expect(dialog.getByText('La contraseña debe tener al menos 10 caracteres')).toBeVisible();

  await dialog.getByLabel('Generar una contraseña al azar').check();
  await dialog.getByRole('button', { name: 'Restablecer' }).click();
  await expect(page.getByText('Contraseña restablecida correctamente')).toBeVisible();
  const generated = (await dialog.getByTestId('generated-password').textContent())!.trim();
  expect(generated).toMatch(/^[A-Za-z2-9]{14}$/);
  await dialog.getByRole('button', { name: 'Listo' }).click();
  expect((await tryLogin(request, email, 'clave-vieja-1')).status).toBe(401);
  expect((await tryLogin(request, email, generated)).status).toBe(200);
});

test('imports sellers from a CSV: a bad row blocks it, twenty good ones go in, and the export matches the list', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const tag = unique();
  const branch = await createBranch(request, token, { name: `Importación ${tag}` });
  const good = Array.from(
    { length: 20 },
    (_, i) =>
      `Importado ${String(i + 1).padStart(2, '0')} ${tag};imp${i + 1}.${tag}@prueba.test;Vendedor;${branch.name}`,
  );
  const header = 'Nombre;Email;Rol;Sucursal';

  await openUsers(page);
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar vendedores' });
  const file = dialog.locator('input[type="file"]');

  // One bad row: the preview shows it, the import cannot be confirmed, nothing is written.
  const bad = [
    header,
    ...good.slice(0, 3),
    `Sin sucursal ${tag};malo.${tag}@prueba.test;Vendedor;No Existe ${tag}`,
  ];
  await file.setInputFiles({
    name: 'vendedores.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(bad.join('\n')),
  });
  await expect(dialog.getByText('Una de 4 filas tiene problemas.')).toBeVisible();
  await expect(dialog.locator('[data-id="5"]')).toContainText(`No existe la sucursal «No Existe ${tag}»`);
  await expect(dialog.locator('[data-id]:has([data-invalid])')).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();
  expect((await listUsers(request, token, { q: tag })).meta.total).toBe(0);

  // Twenty good rows go in together; the generated passwords come back once, as a CSV.
  await file.setInputFiles({
    name: 'vendedores.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, ...good].join('\r\n')),
  });
  await expect(dialog.getByText('Las 20 filas están listas para importar.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Importar 20 personas' }).click();
  await expect(dialog.getByText('Se crearon 20 personas.')).toBeVisible({ timeout: 60_000 });
  const credentialsDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Descargar contraseñas iniciales' }).click();
  const credentials = await downloadedRows((await (await credentialsDownload).path())!);
  expect(credentials[0]).toEqual(['Nombre', 'Email', 'Contraseña inicial']);
  expect(credentials).toHaveLength(21);
  const first = credentials.find((r) => r[1] === `imp1.${tag}@prueba.test`)!;
  expect((await tryLogin(request, first[1]!, first[2]!)).status).toBe(200);
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();

  // The export is the list with the same search: same people, same order.
  await search(page, tag);
  await expect(page.getByText(/^1-10 de 20$/)).toBeVisible();
  const exportDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const exported = await downloadedRows((await (await exportDownload).path())!);
  expect(exported[0]).toEqual(['Nombre', 'Email', 'Rol', 'Sucursal', 'Activo', 'Alta']);
  const listed = await listUsers(request, token, { q: tag });
  expect(exported.slice(1).map((r) => r[1])).toEqual(listed.data.map((u) => u.email));
  expect(exported[1]).toEqual(expect.arrayContaining([`Importado 01 ${tag}`, 'Vendedor', branch.name, 'Sí']));
});
