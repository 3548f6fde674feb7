import type { Page } from '@playwright/test';
import { apiLogin, unique } from '../../support/api.ts';
import { createNotification, createNotificationType } from '../../support/schedule-api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

async function openTypes(page: Page) {
  await openAsAdmin(page, '/notification-types');
  await expect(page.getByRole('heading', { name: 'Tipos de Notificación', level: 1 })).toBeVisible();
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('creates a type with a colour typed as hex and an icon chosen from the grid', async ({ page }) => {
  const name = `Logros ${unique()}`;
  await openTypes(page);
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo tipo de notificación' });
  await expect(dialog.getByLabel('Color', { exact: true })).toHaveValue('#FF0000');
  await expect(dialog.getByRole('radio', { name: 'Campana (1.png)' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(dialog.getByRole('radio')).toHaveCount(32);
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('Color', { exact: true }).fill('#2f9e44');
  await dialog.getByRole('radio', { name: 'Trofeo (9.png)' }).click();
  await expect(dialog.getByLabel('Vista previa')).toContainText(name);
  await expect(dialog.getByLabel('Vista previa')).toContainText('9.png');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Tipo de notificación creado correctamente')).toBeVisible();

  await page.getByPlaceholder('Buscar...').fill(name);
  await expect(row(page, name)).toHaveCount(1);
  await expect(row(page, name)).toContainText('#2F9E44');
  await expect(row(page, name)).toContainText('9.png');
  await expect(row(page, name).locator('img[src="/icons/notifications/9.png"]')).toBeVisible();
});

test('shows "El nombre es requerido" and the colour error, and saves nothing', async ({ page }) => {
  await openTypes(page);
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo tipo de notificación' });
  await dialog.getByLabel('Color', { exact: true }).fill('#12');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('El nombre es requerido')).toBeVisible();
  await expect(dialog.getByText('El color debe ser un código hexadecimal como #FF0000')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('refuses to delete a type that notifications use, with the server message', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const name = `En uso ${unique()}`;
  const type = await createNotificationType(request, token, { name, color: '#7048E8', icon: '7.png' });
  await createNotification(request, token, {
    title: 'Aviso',
    message: 'Texto',
    notification_type_id: type.id,
  });
  await openTypes(page);
  await page.getByPlaceholder('Buscar...').fill(name);
  await row(page, name).getByRole('button', { name: 'Eliminar' }).click();
  await page
    .getByRole('dialog', { name: 'Eliminar tipo de notificación' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(
    page.getByText('No se puede eliminar el tipo de notificación porque hay notificaciones que lo usan.'),
  ).toBeVisible();
  await expect(row(page, name)).toHaveCount(1);
});
