import AxeBuilder from '@axe-core/playwright';
import type {
  TAuditEntry,
  TEvent,
  TListResponse,
  TPointTransaction,
  TStory,
  TSurveyDetail,
} from '@panel/shared';
import type { Locator, Page } from '@playwright/test';
import { apiGet, apiLogin, createBranch, unique } from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';
import { newStoryDialog, openAsAdmin } from '../../support/ui.ts';

// One date-and-time input everywhere (issue 21, item 2): typed day first in 24 hours, read as wall
// time in the business time zone (APP_TIMEZONE, Buenos Aires here, UTC-3 all year), whatever the
// browser's zone. This browser sits in Tokyo (UTC+9), twelve hours away: a form that read the
// browser's zone, or the month first, would store another instant, or another day.
test.use({ timezoneId: 'Asia/Tokyo' });

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
  const dialog = await newStoryDialog(page, title, '#0b6c72', 'h.png');
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

test('the date filter of Eventos takes days typed day first', async ({ page }) => {
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
});

/** A business day (YYYY-MM-DD in Buenos Aires, the server's APP_TIMEZONE here) `offset` days from today. */
const businessDay = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** 2027-03-05 → 05/03/2027, as a person types it. */
const dayFirst = (day: string) => day.split('-').reverse().join('/');
/** The instant a day starts at a fixed UTC offset in hours (Buenos Aires -3, Tokyo +9, UTC 0). */
const dayStart = (day: string, offsetHours: number) =>
  Date.parse(`${day}T00:00:00Z`) - offsetHours * 3_600_000;

test("Historial's Desde and Hasta, typed day first, keep the points of those Buenos Aires days, not Tokyo's or UTC's", async ({
  page,
  request,
}) => {
  // Historial asks the API for business days (`from`/`to`, YYYY-MM-DD); the server turns them into
  // [Buenos Aires midnight of `from`, Buenos Aires midnight after `to`). The demo ledger spreads
  // points over the last three weeks at all hours: pick two past days whose points differ from
  // those of the same days read in Tokyo or in UTC, so the rows shown tell the three apart.
  // Past days only: other tests add points now, today.
  const token = await apiLogin(request);
  type Row = { id: number; at: number };
  const ledger: Row[] = [];
  const oldest = businessDay(-22);
  const newest = businessDay(-1);
  for (let n = 1; ; n++) {
    const got = await apiGet<TListResponse<TPointTransaction>>(
      request,
      token,
      `/api/points/transactions?from=${oldest}&to=${newest}&per_page=100&page=${n}`,
    );
    ledger.push(...got.data.map((t) => ({ id: t.id, at: Date.parse(t.created_at) })));
    if (n >= got.meta.last_page) break;
  }
  // Newest first, as the page lists them.
  const within = (from: number, to: number) =>
    ledger
      .filter((t) => t.at >= from && t.at < to)
      .sort((a, b) => b.at - a.at || b.id - a.id)
      .map((t) => t.id);
  const windowAt = (from: string, to: string, offsetHours: number) =>
    within(dayStart(from, offsetHours), dayStart(addDays(to, 1), offsetHours));
  let from = '';
  let expected: number[] = [];
  for (let back = 3; back <= 20 && !from; back++) {
    const day = businessDay(-back);
    const right = windowAt(day, addDays(day, 1), -3);
    const tokyo = windowAt(day, addDays(day, 1), 9);
    const utc = windowAt(day, addDays(day, 1), 0);
    if (right.length > 0 && right.length !== tokyo.length && right.length !== utc.length) {
      from = day;
      expected = right;
    }
  }
  expect(from, 'two past days whose points differ from the same days in Tokyo and in UTC').not.toBe('');
  const to = addDays(from, 1);

  await openAsAdmin(page, '/points-transactions?per_page=100');
  await page.getByRole('button', { name: /^Filtros/ }).click();
  await typeDate(field(page, 'Desde'), dayFirst(from));
  await expect(page).toHaveURL(new RegExp(`from=${from}`));
  const asked = page.waitForRequest((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/points/transactions' && url.searchParams.has('to');
  });
  await typeDate(field(page, 'Hasta'), dayFirst(to));
  const sent = new URL((await asked).url()).searchParams;
  expect({ from: sent.get('from'), to: sent.get('to') }).toEqual({ from, to });

  // The rows shown: exactly the points from Buenos Aires midnight of Desde to the one after Hasta.
  await expect(page.getByTestId('stat-total')).toHaveText(expected.length.toLocaleString('es-AR'));
  const rows = page.getByRole('region', { name: 'Tabla de Historial de puntos' }).locator('tbody tr');
  await expect(rows).toHaveCount(Math.min(expected.length, 100));
  // The total shows the new answer at once, the rows a render later (list-view.tsx defers them): a
  // whole run at load 20 read the previous 100 rows. Wait for the rows themselves.
  await expect
    .poll(() => rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-id')))))
    .toEqual(expected.slice(0, 100));
});

test("Auditoría's Desde and Hasta, typed day first, ask for the Buenos Aires day of the change", async ({
  page,
  request,
}) => {
  // Auditoría too asks for business days; the server reads them in APP_TIMEZONE. Its entry is made
  // now, so the rows tell a server reading another zone apart only at some hours of the day (in
  // Tokyo's, always before Buenos Aires noon, never after): the request is what every run checks.
  const token = await apiLogin(request);
  const branch = await createBranch(request, token, { name: `Fechada ${unique()}`, city: 'Tandil' });
  const entries = await apiGet<TListResponse<TAuditEntry>>(
    request,
    token,
    `/api/audit?entity=branches&entity_id=${branch.id}`,
  );
  expect(entries.data).toHaveLength(1);
  // The Buenos Aires day of the entry, computed here from its instant.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(
    new Date(entries.data[0]!.at),
  );

  await openAsAdmin(page, `/audit?entity=branches&entity_id=${branch.id}`);
  const rows = page.locator('[data-id]');
  await expect(rows).toHaveCount(1, { timeout: 20_000 });
  await page.getByRole('button', { name: /^Filtros/ }).click();
  await typeDate(field(page, 'Desde'), dayFirst(day));
  await expect(page).toHaveURL(new RegExp(`from=${day}`));
  const asked = page.waitForRequest((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/audit' && url.searchParams.has('to');
  });
  await typeDate(field(page, 'Hasta'), dayFirst(day));
  const sent = new URL((await asked).url()).searchParams;
  expect({ from: sent.get('from'), to: sent.get('to') }).toEqual({ from: day, to: day });
  await expect(rows).toHaveCount(1);

  // The day after, in the same Tokyo browser: not that day any more.
  const next = addDays(day, 1);
  const later = page.waitForRequest((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/audit' && url.searchParams.get('from') === next;
  });
  const hasta = field(page, 'Hasta');
  await hasta.click();
  await hasta.press('ControlOrMeta+a');
  await hasta.press('Backspace');
  await hasta.press('Tab');
  await expect(page).not.toHaveURL(/to=/);
  await typeDate(field(page, 'Desde'), dayFirst(next));
  expect(new URL((await later).url()).searchParams.get('from')).toBe(next);
  await expect(page.getByText('No hay cambios registrados con estos filtros.')).toBeVisible();
  await expect(rows).toHaveCount(0);
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
  // The panel takes the zone from /api/me's answer: the form opens once it has come (on a busy machine
  // the screen's heading could show first, and the dialog then said Buenos Aires).
  const named = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me');
  await openAsAdmin(page, '/events');
  await named;
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
