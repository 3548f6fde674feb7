import type { Locator, Page } from '@playwright/test';
import { apiLogin, unique } from '../../support/api.ts';
import { buenosAires, createTypedEvent, currentMonthDay } from '../../support/schedule-api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

async function openEvents(page: Page) {
  await openAsAdmin(page, '/events');
  await expect(page.getByRole('heading', { name: 'Eventos', level: 1 })).toBeVisible();
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const dateField = (dialog: Locator, label: string) =>
  dialog.getByRole('textbox', { name: label, exact: true });

test('moves an event to another day and sees it there on the calendar', async ({ page, request }) => {
  const token = await apiLogin(request);
  const title = `Capacitación ${unique()}`;
  const day = currentMonthDay(10);
  const newDay = currentMonthDay(17);
  await createTypedEvent(request, token, { title, color: '#1C7ED6', day, from: '10:00', to: '12:00' });

  await openEvents(page);
  await page.getByPlaceholder('Buscar...').fill(title);
  const [y, m] = day.split('-');
  await expect(row(page, title)).toContainText(`10/${m}/${y} 10:00`);
  await row(page, title).getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar evento' });
  await expect(dateField(dialog, 'Inicio')).toHaveValue(`10/${m}/${y} 10:00`);
  await dateField(dialog, 'Inicio').fill(`17/${m}/${y} 15:00`);
  await dateField(dialog, 'Fin').fill(`17/${m}/${y} 17:30`);
  await expect(dialog.getByLabel('Vista previa')).toContainText('15:00');
  const saved = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/events\/\d+$/.test(r.url()));
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  const body = new URLSearchParams((await saved).postData() ?? '');
  expect(body.get('_method')).toBe('PUT');
  expect(body.get('start_at')).toBe(buenosAires(newDay, '15:00'));
  await expect(page.getByText('Evento actualizado correctamente')).toBeVisible();
  await expect(row(page, title)).toContainText(`17/${m}/${y} 15:00`);
  await expect(row(page, title)).toContainText(`17/${m}/${y} 17:30`);

  await page
    .getByRole('navigation')
    .getByRole('link', { name: /Calendario/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Calendario de Eventos', level: 1 })).toBeVisible();
  await expect(page.locator(`td[data-date="${newDay}"]`).getByText(title)).toBeVisible();
  await expect(page.locator(`td[data-date="${day}"]`).getByText(title)).toHaveCount(0);
});

test('refuses an end before the start: "La fecha de fin debe ser posterior a la de inicio"', async ({
  page,
}) => {
  await openEvents(page);
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
  await dialog.getByLabel('Título').fill(`Mal fechado ${unique()}`);
  await dateField(dialog, 'Inicio').fill('10/03/2026 15:00');
  await dateField(dialog, 'Fin').fill('10/03/2026 14:00');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('La fecha de fin debe ser posterior a la de inicio')).toBeVisible();
  await dateField(dialog, 'Inicio').fill('');
  await dialog.getByLabel('Título').fill('');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Las fechas son requeridas')).toBeVisible();
  await expect(dialog.getByText('El título es requerido')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('a new event starts at the next full hour, lasts two hours, for every branch', async ({ page }) => {
  await openEvents(page);
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
  // dd/mm/aaaa hh:mm, Buenos Aires wall time.
  const iso = (text: string) => text.replace(/^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}:\d{2})$/, '$3-$2-$1T$4');
  const start = iso(await dateField(dialog, 'Inicio').inputValue());
  const end = iso(await dateField(dialog, 'Fin').inputValue());
  expect(start).toMatch(/T\d{2}:00$/);
  const hours = (Date.parse(`${end}:00Z`) - Date.parse(`${start}:00Z`)) / 3_600_000;
  expect(hours).toBe(2);
  const startMs = Date.parse(`${start}:00-03:00`);
  expect(startMs).toBeGreaterThan(Date.now());
  expect(startMs - Date.now()).toBeLessThanOrEqual(3_600_000);
  await expect(dialog.getByRole('combobox', { name: 'Sucursal' })).toHaveValue('Todas las sucursales');
});
