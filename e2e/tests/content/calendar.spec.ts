import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiLogin, createPost, pngImage, unique } from '../../support/api.ts';
import {
  buenosAires,
  createNotification,
  createTypedEvent,
  currentMonthDay,
  nextMonthDay,
  quietMonthDay,
} from '../../support/schedule-api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

test('shows a Spanish month grid of 6 weeks from Monday, with events in their type colour', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const title = `Lanzamiento ${unique()}`;
  const day = await quietMonthDay(request, token, 12);
  await createTypedEvent(request, token, { title, color: '#5F3DC4', day, from: '09:00', to: '11:00' });

  await openAsAdmin(page, '/calendar');
  await expect(page.getByRole('heading', { name: 'Calendario de Eventos', level: 1 })).toBeVisible();
  await expect(page.locator('.fc-daygrid-day')).toHaveCount(42, { timeout: 20_000 });
  await expect(page.locator('.fc-col-header-cell').first()).toContainText(/lun/i);
  const event = page.locator(`td[data-date="${day}"] .fc-event`).filter({ hasText: title });
  await expect(event).toBeVisible({ timeout: 20_000 });
  await expect(event).toHaveCSS('background-color', 'rgb(95, 61, 196)');
  // Its time and its whole title (wrapped, not cut).
  await expect(event).toContainText(`09:00 ${title}`);
  await expect(event.getByText(title)).toHaveCSS('white-space', 'normal');

  // The panel's own buttons, not FullCalendar's toolbar.
  await expect(page.locator('.fc-button')).toHaveCount(0);
  const heading = page.getByRole('heading', { level: 2, name: / de 20\d\d$/ });
  const thisMonth = (await heading.textContent()) ?? '';
  await page.getByRole('button', { name: 'Mes siguiente' }).click();
  await expect(heading).not.toHaveText(thisMonth);
  await expect(page.locator('.fc-daygrid-day')).toHaveCount(42);
  await page.getByRole('button', { name: 'Hoy', exact: true }).click();
  await expect(heading).toHaveText(thisMonth);
  await page.getByRole('button', { name: 'Mes anterior' }).click();
  await expect(heading).not.toHaveText(thisMonth);
});

test('shows the scheduled posts and notifications in their own style, opens them, and the filter hides each kind', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const id = unique();
  const postDay = nextMonthDay(15);
  const noticeDay = nextMonthDay(16);
  await createPost(
    request,
    token,
    `Lanzamiento ${id}\nDetalles`,
    await pngImage('#4263eb'),
    0,
    buenosAires(postDay, '08:00'),
  );
  await createNotification(request, token, {
    title: `Cierre ${id}`,
    message: 'Se cierra el mes',
    urgent: true,
    publish_at: buenosAires(noticeDay, '09:30'),
  });

  await openAsAdmin(page, '/calendar');
  await expect(page.locator('.fc-daygrid-day')).toHaveCount(42, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Mes siguiente' }).click();
  const post = page.locator(`td[data-date="${postDay}"] .fc-event`).filter({ hasText: `Lanzamiento ${id}` });
  const notice = page.locator(`td[data-date="${noticeDay}"] .fc-event`).filter({ hasText: `Cierre ${id}` });
  await expect(post).toContainText(`08:00 Lanzamiento ${id}`, { timeout: 20_000 });
  await expect(notice).toContainText(`09:30 Cierre ${id}`);
  // Each kind its own style: a dashed border of its colour on white, and its title attribute says what it is.
  await expect(post).toHaveCSS('border-top-style', 'dashed');
  await expect(post).toHaveAttribute('title', `08:00 Lanzamiento ${id} · Publicación programada`);
  await expect(notice).toHaveAttribute('title', `09:30 Cierre ${id} · Notificación programada · Urgente`);
  expect(await post.evaluate((el) => getComputedStyle(el).borderTopColor)).not.toBe(
    await notice.evaluate((el) => getComputedStyle(el).borderTopColor),
  );
  // Their texts read at 4.5:1 or more, and the filter and the grid have nothing axe finds.
  await expect(page.getByRole('status').filter({ hasText: 'Cargando eventos...' })).toHaveCount(0);
  const axe = await new AxeBuilder({ page })
    .include('.fc')
    .include('[aria-label="Mostrar en el calendario"]')
    .analyze();
  expect(axe.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target}`))).toEqual([]);

  await notice.click();
  const dialog = page.getByRole('dialog', { name: `Cierre ${id}` });
  await expect(dialog).toContainText('Notificación programada');
  await expect(dialog).toContainText('Urgente');
  await expect(dialog).toContainText(/Programada · \S+ 16 \S+( \d{4})?, 09:30/);
  await expect(dialog).toContainText('Todas las sucursales');
  await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(dialog).toBeHidden();

  // The filter: each kind hides and shows again.
  const filter = page.getByRole('group', { name: 'Mostrar en el calendario' });
  await filter.getByText('Publicaciones programadas').click();
  await expect(post).toHaveCount(0);
  await expect(notice).toBeVisible();
  await filter.getByText('Notificaciones programadas').click();
  await expect(notice).toHaveCount(0);
  await filter.getByText('Publicaciones programadas').click();
  await expect(post).toBeVisible();

  // "Ver en Publicaciones" opens the list searched by its title, where it is "Programada".
  await post.click();
  await page
    .getByRole('dialog', { name: `Lanzamiento ${id}` })
    .getByRole('button', { name: 'Ver en Publicaciones' })
    .click();
  await expect(page).toHaveURL(/\/posts\?q=/);
  await expect(page.getByRole('row').filter({ hasText: `Lanzamiento ${id}` })).toContainText('Programada ·');
});

test('asks the API only for the visible weeks', async ({ page }) => {
  const asked = page.waitForRequest((r) => r.url().includes('/api/events?'));
  await openAsAdmin(page, '/calendar');
  const url = new URL((await asked).url());
  const from = Date.parse(url.searchParams.get('from') ?? '');
  const to = Date.parse(url.searchParams.get('to') ?? '');
  expect((to - from) / 86_400_000).toBe(42);
});

test('shows a spinner while loading and an error banner when loading fails', async ({ page }) => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/events?**', async (route) => {
    await gate;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"message":"Error al cargar eventos"}',
    });
  });
  await openAsAdmin(page, '/calendar');
  await expect(page.getByRole('status').filter({ hasText: 'Cargando eventos...' })).toBeVisible();
  release();
  await expect(page.getByRole('alert').filter({ hasText: 'Error al cargar eventos' })).toBeVisible({
    timeout: 15_000,
  });
  await page.unroute('**/api/events?**');
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error al cargar eventos' })).toBeHidden();
});

const openCalendar = async (page: Page) => {
  await openAsAdmin(page, '/calendar');
  // FullCalendar is the panel's largest screen chunk: give a busy machine room.
  await expect(page.getByRole('heading', { name: 'Calendario de Eventos', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
};

test('an event opens with the keyboard or a click, shows its details, and "Editar" edits it', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const title = `Visita ${unique()}`;
  const day = await quietMonthDay(request, token, 14);
  await createTypedEvent(request, token, { title, color: '#1C7ED6', day, from: '15:30', to: '17:00' });
  await openCalendar(page);
  const event = page.locator(`td[data-date="${day}"] a.fc-event`).filter({ hasText: title });
  await expect(event).toBeVisible({ timeout: 20_000 });

  // Reachable with Tab from the toolbar, and Enter opens it.
  await page.getByRole('button', { name: 'Hoy', exact: true }).focus();
  for (let i = 0; i < 80 && !(await event.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(event).toBeFocused();
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: title });
  await expect(details).toContainText('Cuándo');
  await expect(details).toContainText(/\d+ de \w+, 15:30 a 17:00/);
  await expect(details).toContainText('Todas las sucursales');
  await expect(details).toContainText('Sin descripción');
  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await details.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(details).toBeHidden();

  // A click opens it too; "Editar" opens the event form, and the calendar shows the change.
  await event.click();
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Editar' }).click();
  const form = page.getByRole('dialog', { name: 'Editar evento' });
  await expect(form.getByRole('textbox', { name: 'Inicio', exact: true })).toHaveValue(
    `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)} 15:30`,
  );
  await form.getByLabel('Título').fill(`${title} (movida)`);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Evento actualizado correctamente')).toBeVisible();
  await expect(page.locator(`td[data-date="${day}"]`).getByText(`${title} (movida)`)).toBeVisible();
});

test("every text of the month reads at 4.5:1 or more, the neighbouring months' days too (axe)", async ({
  page,
}) => {
  await openCalendar(page);
  await expect(page.locator('.fc-day-other').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Cargando eventos...' })).toHaveCount(0, {
    timeout: 20_000,
  });
  const results = await new AxeBuilder({ page }).include('.fc').withRules(['color-contrast']).analyze();
  expect(results.violations.flatMap((v) => v.nodes.map((n) => `${n.target} ${n.failureSummary}`))).toEqual(
    [],
  );
});

test('a day with more events than fit shows "+N más" as a button that opens them, and axe finds nothing in the grid', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const day = currentMonthDay(26);
  const tag = unique();
  for (const hour of ['08', '09', '10', '11', '12'])
    await createTypedEvent(request, token, {
      title: `Turno ${hour} ${tag}`,
      color: '#1C7ED6',
      day,
      from: `${hour}:00`,
      to: `${hour}:30`,
    });
  await openCalendar(page);
  const more = page.locator(`td[data-date="${day}"] .fc-daygrid-more-link`);
  await expect(more).toBeVisible({ timeout: 20_000 });
  // An <a> without href that says aria-expanded: only a button may (axe aria-allowed-attr, critical).
  await expect(more).toHaveAttribute('role', 'button');
  const results = await new AxeBuilder({ page })
    .include('.fc')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  await more.click();
  await expect(page.locator('.fc-popover').getByText(`Turno 12 ${tag}`)).toBeVisible();
});

/** axe's label-content-name-mismatch (WCAG 2.5.3; among axe's experimental rules, so asked for by name) in the calendar. */
async function nameMismatches(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('.fc')
    .withRules(['label-content-name-mismatch'])
    .analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.html}`));
}

test('the day cells and the events are named by what they show (WCAG 2.5.3, issue 28, item 18)', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const day = await quietMonthDay(request, token, 14);
  const title = `Capacitación ${unique()}`;
  await createTypedEvent(request, token, { title, color: '#1C7ED6', day, from: '10:00', to: '11:00' });
  await openCalendar(page);
  await expect(page.locator(`td[data-date="${day}"] .fc-event`).filter({ hasText: title })).toBeVisible({
    timeout: 20_000,
  });
  expect(await nameMismatches(page)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('lists the month day by day, with the time and title of each event, and opens it', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    const title = `Feria regional de proveedores de limpieza ${unique()}`;
    const day = await quietMonthDay(request, token, 20);
    await createTypedEvent(request, token, { title, color: '#2F9E44', day, from: '08:00', to: '12:30' });
    await openCalendar(page);
    await expect(page.locator('.fc-list')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.fc-daygrid-day')).toHaveCount(0);
    const row = page.locator('.fc-list-event').filter({ hasText: title });
    await expect(row).toContainText('08:00 - 12:30');
    await expect(row).toContainText(title);
    // No page scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await nameMismatches(page)).toEqual([]);
    await row.getByText(title).click();
    await expect(
      page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Editar' }),
    ).toBeVisible();
  });
});
