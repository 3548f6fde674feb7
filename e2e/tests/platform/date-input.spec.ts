import AxeBuilder from '@axe-core/playwright';
import type { TEvent, TListResponse, TStory, TSurveyDetail } from '@panel/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiGet, apiLogin, pngImage, unique } from '../../support/api.ts';
import { openAsAdmin } from '../../support/ui.ts';

// One date-and-time input everywhere (issue 21, item 2): typed day first in 24 hours, read as wall
// time in the business time zone (APP_TIMEZONE, Buenos Aires here, UTC-3 all year), whatever the
// browser's zone. This browser sits in Tokyo (UTC+9), twelve hours away: a form that read the
// browser's zone, or the month first, would store another instant, or another day.
test.use({ timezoneId: 'Asia/Tokyo' });
test.describe.configure({ timeout: 60_000 });

const field = (scope: Locator | Page, label: string) =>
  scope.getByRole('textbox', { name: label, exact: true });

/** Types into a date field as a person does: select what is there, type, leave the field. */
async function typeDate(input: Locator, text: string) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(text);
  await input.press('Tab');
}

test('an event typed as 03/04/2027 09:30 and 03/04/2027 18:00 is stored as those Buenos Aires times, and says so in words', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const title = `Capacitación ${unique()}`;
  await openAsAdmin(page, '/events');
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
  await dialog.getByLabel('Título').fill(title);
  await typeDate(field(dialog, 'Inicio'), '03/04/2027 09:30');
  await typeDate(field(dialog, 'Fin'), '3/4/27 18:00');
  // What will be saved, in words (the 3rd of April, not the 4th of March).
  await expect(dialog.getByText('sábado 3 de abril de 2027, 09:30')).toBeVisible();
  await expect(dialog.getByText('sábado 3 de abril de 2027, 18:00')).toBeVisible();
  await expect(field(dialog, 'Fin')).toHaveValue('03/04/2027 18:00');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Evento creado correctamente')).toBeVisible();

  const saved = await apiGet<TListResponse<TEvent>>(
    request,
    token,
    `/api/events?q=${encodeURIComponent(title)}`,
  );
  expect(saved.data).toHaveLength(1);
  expect(saved.data[0]).toMatchObject({
    start_at: '2027-04-03T12:30:00.000Z',
    end_at: '2027-04-03T21:00:00.000Z',
  });
  // The list shows them back in the business zone, not Tokyo's.
  await page.getByPlaceholder('Buscar...').fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('03/04/2027 09:30');
  await expect(row).toContainText('03/04/2027 18:00');

  // Editing shows the same text, and a date picked on the calendar keeps the time.
  await row.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar evento' });
  await expect(field(edit, 'Inicio')).toHaveValue('03/04/2027 09:30');
  await edit.getByRole('button', { name: 'Elegir fecha y hora' }).first().click();
  const picker = page.getByRole('dialog', { name: 'Elegir fecha y hora' });
  await expect(picker.getByRole('button', { name: 'sábado 3 de abril de 2027' })).toBeFocused();
  // The picker and the form around it: no serious or critical accessibility violation.
  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(field(edit, 'Inicio')).toHaveValue('02/04/2027 09:30');
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Evento actualizado correctamente')).toBeVisible();
  const edited = await apiGet<TListResponse<TEvent>>(
    request,
    token,
    `/api/events?q=${encodeURIComponent(title)}`,
  );
  expect(edited.data[0]?.start_at).toBe('2027-04-02T12:30:00.000Z');
});

test('a story typed with a start and an end stores both instants', async ({ page, request }) => {
  const token = await apiLogin(request);
  const title = `Historia ${unique()}`;
  await openAsAdmin(page, '/stories');
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva historia' });
  await dialog.getByLabel('Título').fill(title);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Elegir imagen' }).click();
  await (await chooser).setFiles({
    name: 'h.png',
    mimeType: 'image/png',
    buffer: await pngImage('#0b6c72', 180, 320),
  });
  await typeDate(field(dialog, 'Inicio (opcional)'), '28/11/2030 09:30');
  await typeDate(field(dialog, 'Fin (opcional)'), '29/11/2030 23:45');
  await expect(dialog.getByText('jueves 28 de noviembre de 2030, 09:30')).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Historia creada correctamente')).toBeVisible();

  const saved = await apiGet<TListResponse<TStory>>(
    request,
    token,
    `/api/stories?q=${encodeURIComponent(title)}`,
  );
  expect(saved.data[0]).toMatchObject({
    starts_at: '2030-11-28T12:30:00.000Z',
    ends_at: '2030-11-30T02:45:00.000Z',
  });
});

test('a survey typed with its period stores both instants, and shows them again when edited', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const title = `Encuesta ${unique()}`;
  await openAsAdmin(page, '/surveys');
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Encuesta' });
  await dialog.getByLabel('Título').fill(title);
  await dialog.getByTestId('survey-question').first().getByLabel('Texto de la pregunta').fill('¿Qué tal?');
  await typeDate(field(dialog, 'Fecha de inicio'), '01/02/2027 00:00');
  await typeDate(field(dialog, 'Fecha de fin'), '28/02/2027 23:59');
  await expect(dialog.getByText('lunes 1 de febrero de 2027, 00:00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Encuesta creada')).toBeVisible();

  const list = await apiGet<TListResponse<TSurveyDetail>>(
    request,
    token,
    `/api/admin/surveys?q=${encodeURIComponent(title)}`,
  );
  expect(list.data[0]).toMatchObject({
    start_date: '2027-02-01T03:00:00.000Z',
    end_date: '2027-03-01T02:59:00.000Z',
  });
});

test('the date filters of Eventos and Historial take days typed day first', async ({ page }) => {
  await openAsAdmin(page, '/events');
  await page.getByRole('button', { name: /^Filtros/ }).click();
  await typeDate(field(page, 'Desde'), '05/03/2027');
  await expect(page).toHaveURL(/from=2027-03-05/);
  await expect(page.getByText('viernes 5 de marzo de 2027')).toBeVisible();
  const asked = page.waitForRequest((r) => r.url().includes('/api/events?') && r.url().includes('to='));
  await typeDate(field(page, 'Hasta'), '06/03/2027');
  // The whole business day: from Buenos Aires midnight to the next one.
  const url = new URL((await asked).url());
  expect(url.searchParams.get('from')).toBe('2027-03-05T03:00:00.000Z');
  expect(url.searchParams.get('to')).toBe('2027-03-07T03:00:00.000Z');

  await page.goto('/points-transactions');
  await page.getByRole('button', { name: /^Filtros/ }).click();
  await typeDate(field(page, 'Desde'), '1/12/2099');
  await expect(page).toHaveURL(/from=2099-12-01/);
  await expect(page.getByText('No hay transacciones.')).toBeVisible();
});

test('a date that does not exist, or typed month first, is refused in words and nothing is saved', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const title = `Mal fechado ${unique()}`;
  await openAsAdmin(page, '/events');
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
  await dialog.getByLabel('Título').fill(title);
  const start = field(dialog, 'Inicio');
  await typeDate(start, '31/04/2027 10:00');
  await expect(dialog.getByText('El 31/04/2027 no existe')).toBeVisible();
  await expect(start).toHaveAttribute('aria-invalid', 'true');
  await typeDate(start, '04/13/2027 10:00 PM');
  await expect(
    dialog.getByText('Escribí la fecha como dd/mm/aaaa hh:mm, por ejemplo 28/11/2026 09:30'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText('Escribí la fecha como dd/mm/aaaa hh:mm, por ejemplo 28/11/2026 09:30'),
  ).toBeVisible();
  const none = await apiGet<TListResponse<TEvent>>(
    request,
    token,
    `/api/events?q=${encodeURIComponent(title)}`,
  );
  expect(none.meta.total).toBe(0);

  // In a filter, a day that does not exist never reaches the list.
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('button', { name: /^Filtros/ }).click();
  await typeDate(field(page, 'Desde'), '30/02/2027');
  await expect(page.getByText('El 30/02/2027 no existe')).toBeVisible();
  await expect(page).not.toHaveURL(/from=/);
});

test('follows the time zone the server names (APP_TIMEZONE), not a fixed one', async ({ page, request }) => {
  const token = await apiLogin(request);
  const title = `Madrid ${unique()}`;
  // The same panel behind a server whose APP_TIMEZONE is Europe/Madrid (UTC+1 in winter).
  await page.route('**/api/me', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    await route.fulfill({ response: res, json: { ...body, meta: { time_zone: 'Europe/Madrid' } } });
  });
  await openAsAdmin(page, '/events');
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
  await expect(dialog.getByText(/en horario de Madrid/)).toBeVisible();
  await dialog.getByLabel('Título').fill(title);
  await typeDate(field(dialog, 'Inicio'), '10/01/2028 09:00');
  await typeDate(field(dialog, 'Fin'), '10/01/2028 10:00');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Evento creado correctamente')).toBeVisible();
  const saved = await apiGet<TListResponse<TEvent>>(
    request,
    token,
    `/api/events?q=${encodeURIComponent(title)}`,
  );
  expect(saved.data[0]?.start_at).toBe('2028-01-10T08:00:00.000Z');
});
