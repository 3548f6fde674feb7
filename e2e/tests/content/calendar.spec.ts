import { expect, test } from '@playwright/test';
import { apiLogin, unique } from '../../support/api.ts';
import { createTypedEvent, currentMonthDay } from '../../support/schedule-api.ts';
import { loginAsAdmin } from '../../support/ui.ts';

// Several dialogs and a fresh demo server per run: the shared 30 s is tight on a busy machine.
test.describe.configure({ timeout: 60_000 });

test('shows a Spanish month grid of 6 weeks from Monday, with events in their type colour', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const title = `Lanzamiento ${unique()}`;
  const day = currentMonthDay(12);
  await createTypedEvent(request, token, { title, color: '#5F3DC4', day, from: '09:00', to: '11:00' });

  await loginAsAdmin(page);
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Calendario de Eventos', level: 1 })).toBeVisible();
  await expect(page.locator('.fc-daygrid-day')).toHaveCount(42, { timeout: 20_000 });
  await expect(page.locator('.fc-col-header-cell').first()).toContainText(/lun/i);
  const event = page.locator(`td[data-date="${day}"] .fc-event`).filter({ hasText: title });
  await expect(event).toBeVisible({ timeout: 20_000 });
  await expect(event).toHaveCSS('background-color', 'rgb(95, 61, 196)');
  await expect(event).not.toContainText('09:00');

  const heading = page.locator('.fc-toolbar-title');
  const thisMonth = (await heading.textContent()) ?? '';
  await page.getByRole('button', { name: 'Mes siguiente' }).click();
  await expect(heading).not.toHaveText(thisMonth);
  await expect(page.locator('.fc-daygrid-day')).toHaveCount(42);
  await page.getByRole('button', { name: 'Hoy', exact: true }).click();
  await expect(heading).toHaveText(thisMonth);
  await page.getByRole('button', { name: 'Mes anterior' }).click();
  await expect(heading).not.toHaveText(thisMonth);
});

test('asks the API only for the visible weeks', async ({ page }) => {
  await loginAsAdmin(page);
  const asked = page.waitForRequest((r) => r.url().includes('/api/events?'));
  await page.goto('/calendar');
  const url = new URL((await asked).url());
  const from = Date.parse(url.searchParams.get('from') ?? '');
  const to = Date.parse(url.searchParams.get('to') ?? '');
  expect((to - from) / 86_400_000).toBe(42);
});

test('shows a spinner while loading and an error banner when loading fails', async ({ page }) => {
  await loginAsAdmin(page);
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
  await page.goto('/calendar');
  await expect(page.getByRole('status').filter({ hasText: 'Cargando eventos...' })).toBeVisible();
  release();
  await expect(page.getByRole('alert').filter({ hasText: 'Error al cargar eventos' })).toBeVisible({
    timeout: 15_000,
  });
  await page.unroute('**/api/events?**');
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error al cargar eventos' })).toBeHidden();
});
