import type { Page } from '@playwright/test';
import { apiLogin, unique } from '../../support/api.ts';
import { createPointAction } from '../../support/points-api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

async function openPointActions(page: Page) {
  await openAsAdmin(page, '/point-actions');
  await expect(page.getByRole('heading', { name: 'Configuración de puntos', level: 1 })).toBeVisible();
  await expect(page.getByText('Inicio / Gamificación / Configuración')).toBeVisible();
}

const search = (page: Page, text: string) =>
  page.getByPlaceholder('Buscar por nombre, clave o descripción...').fill(text);
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Toasts pause while hovered; move away and let one close before clicking what it covers. */
async function expectToast(page: Page, text: string) {
  const toast = page.getByText(text, { exact: true });
  await expect(toast).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(toast).toBeHidden({ timeout: 10_000 });
}

test('lists the built-in actions with "+N pts", "N/día" and "Sin cooldown", without a delete button', async ({
  page,
}) => {
  await openPointActions(page);
  await search(page, 'daily_login');
  const daily = row(page, 'daily_login');
  await expect(daily).toHaveCount(1);
  await expect(daily).toContainText('Inicio de sesión diario');
  await expect(daily).toContainText('+5 pts');
  await expect(daily).toContainText('1/día');
  await expect(daily).toContainText('Sin cooldown');
  await expect(daily).toContainText('Activa');
  await expect(daily.getByRole('button', { name: 'Editar' })).toBeVisible();
  await expect(daily.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
});

test('creates an action: the key is lower-cased with underscores, empty limits show as none', async ({
  page,
}) => {
  const suffix = unique();
  await openPointActions(page);
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva acción' });
  await expect(dialog.getByLabel('Puntos')).toHaveValue('10');
  await dialog.getByLabel('Clave').fill(`Asistir Capacitacion ${suffix}`);
  await expect(dialog.getByText(`Se guarda como: asistir_capacitacion_${suffix}`)).toBeVisible();
  await dialog.getByLabel('Nombre').fill('Asistir a una capacitación');
  await dialog.getByLabel('Descripción').fill('Presente en la capacitación mensual.');
  await dialog.getByLabel('Puntos').fill('25');
  await dialog.getByLabel('Límite diario').fill('2');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Acción creada correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();

  await search(page, suffix);
  const created = row(page, `asistir_capacitacion_${suffix}`);
  await expect(created).toContainText('+25 pts');
  await expect(created).toContainText('2/día');
  await expect(created).toContainText('Sin cooldown');
  await expect(created.getByRole('button', { name: 'Eliminar' })).toBeVisible();
});

test('shows every validation message, and the 409 of a taken key under the key', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const key = `duplicada_${unique()}`;
  await createPointAction(request, token, { key, name: 'Original' });
  await openPointActions(page);
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva acción' });
  await dialog.getByLabel('Puntos').fill('-3');
  await dialog.getByLabel('Límite diario').fill('0');
  await dialog.getByLabel('Cooldown (segundos)').fill('0');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('La clave es obligatoria')).toBeVisible();
  await expect(dialog.getByText('El nombre es obligatorio')).toBeVisible();
  await expect(dialog.getByText('Los puntos no pueden ser negativos')).toBeVisible();
  await expect(dialog.getByText('El límite diario debe ser un número entero de al menos 1')).toBeVisible();
  await expect(dialog.getByText('El cooldown debe ser un número entero de al menos 1 segundo')).toBeVisible();

  await dialog.getByLabel('Clave').fill(key);
  await dialog.getByLabel('Nombre').fill('Copia');
  await dialog.getByLabel('Puntos').fill('5');
  await dialog.getByLabel('Límite diario').fill('');
  await dialog.getByLabel('Cooldown (segundos)').fill('');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Ya existe una acción con esa clave')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('edits an action with its key fixed, toggles it, and deletes it with the warning', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const key = `editable_${unique()}`;
  await createPointAction(request, token, { key, name: 'Editable', points: 3, cooldown_seconds: 60 });
  await openPointActions(page);
  await search(page, key);
  await expect(row(page, key)).toContainText('60s');

  await row(page, key).getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar acción' });
  await expect(dialog.getByLabel('Clave')).toHaveValue(key);
  await expect(dialog.getByLabel('Clave')).toBeDisabled();
  await dialog.getByLabel('Puntos').fill('8');
  await dialog.getByLabel('Cooldown (segundos)').fill('');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Acción actualizada correctamente');
  await expect(row(page, key)).toContainText('+8 pts');
  await expect(row(page, key)).toContainText('Sin cooldown');

  await row(page, key).getByRole('button', { name: 'Desactivar Editable' }).click();
  await expectToast(page, 'Acción desactivada');
  await expect(row(page, key)).toContainText('Inactiva');
  await row(page, key).getByRole('button', { name: 'Activar Editable' }).click();
  await expectToast(page, 'Acción activada');
  await expect(row(page, key)).toContainText('Activa');

  await row(page, key).getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar acción' });
  await expect(confirm).toContainText('no se puede deshacer');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Acción eliminada correctamente')).toBeVisible();
  await expect(row(page, key)).toHaveCount(0);
});

test('shows the empty state when there are no actions', async ({ page }) => {
  await page.route('**/api/admin/point-actions?*', (route) =>
    route.fulfill({ json: { data: [], meta: { page: 1, per_page: 5, total: 0, last_page: 1 } } }),
  );
  await openPointActions(page);
  await expect(page.getByText('No hay acciones configuradas. Crea una nueva para comenzar.')).toBeVisible();
});

test('a failed load shows "Error al cargar acciones" and the toast', async ({ page }) => {
  await page.route('**/api/admin/point-actions?*', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await openPointActions(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Error al cargar acciones' }).first()).toBeVisible();
  await expect(page.getByText('Error al cargar acciones de puntos')).toBeVisible();
});
