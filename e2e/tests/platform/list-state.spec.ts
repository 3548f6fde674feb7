import { apiLogin, createBranch, createUser, unique } from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

// Issue 21: a list's search, filters, page, rows per page and sort live in the URL and come back
// when the admin leaves the list through the menu and returns through it.

test('Vendedores comes back through the menu as it was left: search, filter, sort, page size and page', async ({
  page,
  request,
}) => {
  // Its own seven sellers, found by their tag: other tests add sellers meanwhile, so a search for
  // a common letter moved the rows of page 2 under the test (a row 61 expected, 74 seen).
  const admin = await apiLogin(request);
  const tag = unique();
  const branch = await createBranch(request, admin, { name: `Sucursal ${tag}` });
  const sellers = [];
  for (const letter of ['A', 'B', 'C', 'D', 'E', 'F', 'G'])
    sellers.push(
      await createUser(request, admin, {
        name: `Lista ${tag} ${letter}`,
        email: `lista.${letter.toLowerCase()}.${tag}@prueba.test`,
        password: `Clave-Lista-${tag}`,
        role: 'seller',
        branch_id: branch.id,
      }),
    );
  await openAsAdmin(page, '/dashboard');
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  await nav.getByRole('link', { name: 'Vendedores', exact: true }).click();
  await expect(page.getByText(/^1-10 de \d+$/)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Buscar' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}(&|$)`));
  await page.getByRole('button', { name: /^Filtros/ }).click();
  await page.getByRole('combobox', { name: 'Rol' }).click();
  await page.getByRole('option', { name: 'Vendedor' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Nombre' }).click();
  await page.getByRole('button', { name: 'Nombre' }).click();
  await page.getByLabel('Filas por página:').selectOption('5');
  await page.getByRole('button', { name: 'Página siguiente' }).click();
  await expect(page.getByText('6-7 de 7', { exact: true })).toBeVisible();
  const left = new URL(page.url());
  expect(Object.fromEntries(left.searchParams)).toEqual({
    q: tag,
    role: 'seller',
    sort: '-name',
    per_page: '5',
    page: '2',
  });
  // By name, Z to A: G F E D C on page 1, B and A on page 2.
  const firstRow = String(sellers[1]!.id);
  await expect(page.locator('tbody tr[data-id]').first()).toHaveAttribute('data-id', firstRow);

  await nav.getByRole('link', { name: 'Sucursales', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sucursales', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/branches$/);
  await nav.getByRole('link', { name: 'Vendedores', exact: true }).click();

  await expect(page).toHaveURL(`${left.pathname}${left.search}`);
  await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue(tag);
  await expect(page.getByRole('button', { name: 'Filtros (1 activo)' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Nombre' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByText('6-7 de 7', { exact: true })).toBeVisible();
  await expect(page.locator('tbody tr[data-id]').first()).toHaveAttribute('data-id', firstRow);
});

test('a list left without a query comes back without one, and the quick search restores a query too', async ({
  page,
}) => {
  await openAsAdmin(page, '/branches?q=Centro');
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('Centro');
  await page.getByRole('button', { name: 'Limpiar búsqueda' }).click();
  await expect(page).toHaveURL(/\/branches$/);
  await nav.getByRole('link', { name: 'Vendedores', exact: true }).click();
  await nav.getByRole('link', { name: 'Sucursales', exact: true }).click();
  await expect(page).toHaveURL(/\/branches$/);

  await page.goto('/posts?sort=-likes_count');
  await expect(page.getByRole('columnheader', { name: 'Me gusta' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await nav.getByRole('link', { name: 'Sucursales', exact: true }).click();
  await page.getByRole('button', { name: 'Buscar pantalla' }).click();
  await page.getByLabel('Nombre de la pantalla').fill('Publicaciones');
  await page.getByLabel('Nombre de la pantalla').press('Enter');
  await expect(page).toHaveURL(/\/posts\?sort=-likes_count$/);
});

test('a page that no longer exists comes back as the last one, and values the list does not offer fall back to its defaults', async ({
  page,
}) => {
  // A link or a return to page 999 (rows deleted meanwhile): the list moves to its last page.
  await openAsAdmin(page, '/users?page=999');
  await expect(page.getByText(/^\d+-(\d+) de \1$/)).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/[?&]page=\d+$/);
  await expect(page).not.toHaveURL(/page=999/);
  await expect(page.getByRole('button', { name: 'Página siguiente' })).toBeDisabled();

  // A page that is not a number and a page size the list does not offer: page 1, 10 rows.
  await page.goto('/users?page=abc&per_page=7');
  await expect(page.getByText(/^1-10 de \d+$/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Filas por página:')).toHaveValue('10');
  await expect(page.locator('tbody tr[data-id]')).toHaveCount(10);
});
