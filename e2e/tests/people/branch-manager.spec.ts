import { MSG } from '@panel/shared';
import type { Page } from '@playwright/test';
import { apiLogin, createBranch, createUser, pngImage, unique } from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';
import { fillLogin, openAsAdmin } from '../../support/ui.ts';

// Branch managers (docs/product.md#branch-managers): an administrator makes one in Vendedores; the manager
// signs in to a shorter menu and works with their own branch only.

// Wide enough for Publicaciones' "Sucursal" column beside the menu (posts.spec.ts).
test.use({ viewport: { width: 1600, height: 900 } });

const PASSWORD = 'clave-segura-1';

/** A branch of the test's own, and a manager of it made through the API by the demo administrator. */
async function ownManager(request: Parameters<typeof apiLogin>[0]) {
  const token = await apiLogin(request);
  const tag = unique();
  const branch = await createBranch(request, token, { name: `Sucursal Encargo ${tag}` });
  const manager = await createUser(request, token, {
    name: `Encargada ${tag}`,
    email: `encargada.${tag}@prueba.test`,
    password: PASSWORD,
    role: 'branch_manager',
    branch_id: branch.id,
  });
  return { tag, branch, manager };
}

async function signInAsManager(page: Page, email: string) {
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Tablero de control' })).toBeVisible();
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

test('an administrator makes a branch manager: the role by its name, and the branch it needs', async ({
  page,
  request,
}) => {
  const tag = unique();
  const branch = await createBranch(request, await apiLogin(request), { name: `Sucursal Nueva ${tag}` });
  await openAsAdmin(page, '/users');
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo vendedor' });
  await dialog.getByLabel('Nombre').fill(`Encargado ${tag}`);
  await dialog.getByLabel('Email').fill(`encargado.${tag}@prueba.test`);
  await dialog.getByLabel('Contraseña inicial').fill(PASSWORD);
  await dialog.getByRole('combobox', { name: 'Rol' }).click();
  await expect(page.getByRole('listbox', { name: 'Rol' }).getByRole('option')).toHaveText([
    'Vendedor',
    'Encargado de sucursal',
    'Administrador',
  ]);
  await page.getByRole('option', { name: 'Encargado de sucursal' }).click();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText(MSG.managerBranchRequired)).toBeVisible();

  const branchSelect = dialog.getByRole('combobox', { name: 'Sucursal' });
  await branchSelect.fill(`Nueva ${tag}`);
  await page.getByRole('option', { name: branch.name }).click();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Vendedor creado correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByPlaceholder('Búsqueda...', { exact: true }).fill(`encargado.${tag}`);
  const row = page.getByRole('row').filter({ hasText: `Encargado ${tag}` });
  await expect(row.getByText('Encargado', { exact: true })).toBeVisible();
  await expect(row).toContainText(branch.name);
});

test('a branch manager signs in to the reduced menu, adds a seller to their branch and publishes a post for it', async ({
  page,
  request,
}) => {
  const { tag, branch, manager } = await ownManager(request);
  await signInAsManager(page, manager.email);

  await expect(menu(page).getByRole('link', { name: 'Vendedores' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Publicaciones' })).toBeVisible();
  for (const hidden of ['Sucursales', 'Proveedores', 'Marcas', 'Tipos de Notificación', 'Configuración'])
    await expect(menu(page).getByText(hidden, { exact: true })).toHaveCount(0);
  await expect(menu(page).getByText('Encargado', { exact: true })).toBeVisible();

  // Vendedores: a seller of their branch; no role to choose, the branch already theirs.
  await menu(page).getByRole('link', { name: 'Vendedores' }).click();
  await expect(page.getByRole('heading', { name: 'Vendedores', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo vendedor' });
  await expect(dialog.getByRole('combobox', { name: 'Rol' })).toHaveCount(0);
  await expect(dialog.getByRole('combobox', { name: 'Sucursal' })).toHaveValue(branch.name);
  await dialog.getByLabel('Nombre').fill(`Vendedora Encargo ${tag}`);
  await dialog.getByLabel('Email').fill(`vendedora.encargo.${tag}@prueba.test`);
  await dialog.getByLabel('Contraseña inicial').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Vendedor creado correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByPlaceholder('Búsqueda...', { exact: true }).fill(tag);
  // The search reaches the address after a pause: wait for it, or it would undo the next click's navigation.
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  const seller = page.locator('[data-id]').filter({ hasText: `Vendedora Encargo ${tag}` });
  await expect(seller).toContainText(branch.name);
  await expect(seller).toContainText('Vendedor');

  // Publicaciones: the post is for their branch, the only one the select offers.
  await menu(page).getByRole('link', { name: 'Publicaciones' }).click();
  await expect(page.getByRole('heading', { name: 'Publicaciones', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar' }).click();
  const post = page.getByRole('dialog', { name: 'Nueva publicación' });
  const content = `Ofertas de la sucursal ${tag}`;
  await post.getByLabel('Contenido').fill(content);
  const chooser = page.waitForEvent('filechooser');
  await post.getByRole('button', { name: 'Agregar imágenes' }).click();
  await (await chooser).setFiles([
    { name: 'oferta.png', mimeType: 'image/png', buffer: await pngImage('#2f9e44') },
  ]);
  const branchSelect = post.getByRole('combobox', { name: /^Sucursal/ });
  await expect(branchSelect).toHaveValue(branch.name);
  await branchSelect.click();
  await expect(page.getByRole('listbox', { name: /^Sucursal/ }).getByRole('option')).toHaveText([
    branch.name,
  ]);
  await page.keyboard.press('Escape');
  await post.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Publicación creada correctamente')).toBeVisible();
  await expect(post).toBeHidden();
  await page.getByPlaceholder('Buscar por contenido...').fill(content);
  await expect(page.locator('[data-id]').filter({ hasText: content })).toContainText(branch.name);
});

test('a branch manager who types an administrators-only address gets the refusal, not the screen', async ({
  page,
  request,
}) => {
  const { manager } = await ownManager(request);
  await signInAsManager(page, manager.email);
  for (const path of ['/branches', '/point-actions']) {
    await page.goto(path);
    await expect(
      page.getByRole('heading', { name: 'No tenés permiso para ver esta pantalla.' }),
    ).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Ir al tablero', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Tablero de control' })).toBeVisible();
});
