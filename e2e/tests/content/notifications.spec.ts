import { expect, type Page, test } from '@playwright/test';
import { apiLogin, createBranch, unique } from '../../support/api.ts';
import { createNotification, createNotificationType } from '../../support/schedule-api.ts';
import { loginAsAdmin } from '../../support/ui.ts';

// Several dialogs and a fresh demo server per run: the shared 30 s is tight on a busy machine.
test.describe.configure({ timeout: 60_000 });

async function openNotifications(page: Page) {
  await loginAsAdmin(page);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notificaciones', level: 1 })).toBeVisible();
  await expect(page.getByText('Inicio / Notificaciones')).toBeVisible();
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('edits a notification: type, branch, title and message (POST with _method=PUT)', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const title = `Aviso ${unique()}`;
  const type = await createNotificationType(request, token, {
    name: `Logística ${unique()}`,
    icon: '22.png',
  });
  const branch = await createBranch(request, token, { name: `Sucursal ${unique()}`, city: 'Salta' });
  await createNotification(request, token, { title, message: 'Mensaje original' });

  await openNotifications(page);
  await page.getByPlaceholder('Buscar...').fill(title);
  await expect(row(page, title)).toContainText('Todas');
  await row(page, title).getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar notificación' });
  await expect(dialog.getByLabel('Título')).toHaveValue(title);

  await dialog.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: type.name }).click();
  await dialog.getByRole('combobox', { name: 'Sucursal' }).click();
  await dialog.getByRole('combobox', { name: 'Sucursal' }).fill(branch.name);
  await page.getByRole('option', { name: branch.name }).click();
  await dialog.getByLabel('Título').fill(`${title} editado`);
  await dialog.getByLabel('Mensaje').fill('Los pedidos llegan el jueves.');
  const saved = page.waitForRequest(
    (r) => r.method() === 'POST' && /\/api\/notifications\/\d+$/.test(r.url()),
  );
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  expect((await saved).postData()).toContain('_method=PUT');
  await expect(page.getByText('Notificación actualizada correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();

  const edited = row(page, `${title} editado`);
  await expect(edited).toContainText('Los pedidos llegan el jueves.');
  await expect(edited).toContainText(type.name);
  await expect(edited).toContainText(branch.name);
});

test('shows "El título es requerido" and "El mensaje es requerido" and keeps the dialog open', async ({
  page,
}) => {
  await openNotifications(page);
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva notificación' });
  await expect(dialog.getByRole('combobox', { name: 'Sucursal' })).toHaveValue('Todas las sucursales');
  await dialog.getByLabel('Título').fill('   ');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('El título es requerido')).toBeVisible();
  await expect(dialog.getByText('El mensaje es requerido')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('creates a notification for every branch, then deletes it after "Eliminar notificación"', async ({
  page,
}) => {
  const title = `Nueva ${unique()}`;
  await openNotifications(page);
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva notificación' });
  await dialog.getByLabel('Título').fill(title);
  await dialog.getByLabel('Mensaje').fill('Recordá cargar tus ventas.');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Notificación creada correctamente')).toBeVisible();

  await page.getByPlaceholder('Buscar...').fill(title);
  await expect(row(page, title)).toContainText('Todas');
  await row(page, title).getByRole('button', { name: 'Eliminar' }).click();
  await page
    .getByRole('dialog', { name: 'Eliminar notificación' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(page.getByText('Notificación eliminada correctamente')).toBeVisible();
  await expect(row(page, title)).toHaveCount(0);
});
