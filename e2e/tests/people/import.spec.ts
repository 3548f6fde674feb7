import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiLogin, createBranch, listUsers, unique } from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

// Issue 21, item 5: after "Corregí el archivo y volvé a elegirlo", choosing the corrected file again
// must read it again. The file is a real one on disk, chosen by its path as a person does: a browser
// fires no change for the file its input already holds, so the same name chosen twice was ignored.
test('re-choosing the corrected file, same name and place, reads it again, and again after another mistake', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const tag = unique();
  const branch = await createBranch(request, token, { name: `Reimportación ${tag}` });
  const row = (n: number, branchName = branch.name) =>
    `Elegido ${n} ${tag};elegido${n}.${tag}@prueba.test;Vendedor;${branchName}`;
  const header = 'Nombre;Email;Rol;Sucursal';
  const path = join(await mkdtemp(join(tmpdir(), 'import-')), 'vendedores.csv');

  await openAsAdmin(page, '/users');
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar vendedores' });
  const choose = async () => {
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: /Archivo CSV/ }).click();
    await (await chooser).setFiles(path);
  };

  // A branch that does not exist: the error and the advice.
  await writeFile(path, [header, row(1), row(2), row(3, `No Existe ${tag}`)].join('\n'));
  await choose();
  await expect(
    dialog.getByText(/Una de 3 filas tiene problemas\. Corregí el archivo y volvé a elegirlo/),
  ).toBeVisible();

  // Corrected the wrong way (now two rows are wrong): chosen again, read again.
  await writeFile(path, [header, row(1, `Tampoco ${tag}`), row(2), row(3, `No Existe ${tag}`)].join('\n'));
  await choose();
  await expect(dialog.getByText(/2 de 3 filas tienen problemas/)).toBeVisible();
  await expect(dialog.locator('[data-id]:has([data-invalid])')).toHaveCount(2);

  // Corrected: chosen again under the same name, read again, and it imports.
  await writeFile(path, [header, row(1), row(2), row(3)].join('\n'));
  await choose();
  await expect(dialog.getByText('Las 3 filas están listas para importar.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Importar 3 personas' }).click();
  await expect(dialog.getByText('Se crearon 3 personas.')).toBeVisible({ timeout: 60_000 });
  expect((await listUsers(request, token, { q: tag })).meta.total).toBe(3);
});
