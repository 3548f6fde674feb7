import { MSG, type TEvent } from '@panel/shared';
import type { Browser, Page } from '@playwright/test';
import { apiGet, apiLogin, unique } from '../../support/api.ts';
import { createTypedEvent, currentMonthDay } from '../../support/schedule-api.ts';
import { expect, test } from '../../support/test.ts';
import { signInAsAdmin } from '../../support/ui.ts';

/**
 * Lost updates between administrators (issue 20, item 13): two administrators, each in a browser
 * session of their own, open the same event; the first saves, then the second saves from what it
 * read. The second is told that someone else changed it and offered "Recargar", which shows the
 * first one's change; nothing is overwritten silently.
 */

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  return page;
}

async function openEvent(page: Page, title: string) {
  await page.goto('/events');
  await expect(page.getByRole('heading', { name: 'Eventos', level: 1 })).toBeVisible();
  await page.getByPlaceholder('Buscar...').fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar evento' });
  await expect(dialog.getByLabel('Título')).toHaveValue(title);
  return dialog;
}

test('the second of two administrators editing one event is told, reloads, and keeps the first change', async ({
  browser,
  request,
}) => {
  const token = await apiLogin(request);
  const title = `Reunión ${unique()}`;
  const event = await createTypedEvent(request, token, {
    title,
    color: '#1C7ED6',
    day: currentMonthDay(12),
    from: '09:00',
    to: '10:00',
  });
  const [first, second] = [await adminPage(browser), await adminPage(browser)];
  const firstDialog = await openEvent(first, title);
  const secondDialog = await openEvent(second, title);

  const firstTitle = `${title} (movida)`;
  await firstDialog.getByLabel('Título').fill(firstTitle);
  const firstSave = first.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith(`/api/events/${event.id}`),
  );
  await firstDialog.getByRole('button', { name: 'Guardar' }).click();
  expect((await firstSave).headers()['if-match']).toBe(`"${event.version}"`);
  await expect(first.getByText('Evento actualizado correctamente')).toBeVisible();

  await secondDialog.getByLabel('Descripción').fill('Traer las planillas');
  await secondDialog.getByRole('button', { name: 'Guardar' }).click();
  const alert = secondDialog.getByRole('alert');
  await expect(alert).toContainText(MSG.staleRecord);
  await expect(secondDialog.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  // Nothing of the second save was written.
  let stored = await apiGet<{ data: TEvent }>(request, token, `/api/events/${event.id}`);
  expect(stored.data).toMatchObject({ title: firstTitle, description: null });

  await secondDialog.getByRole('button', { name: 'Recargar' }).click();
  await expect(secondDialog.getByLabel('Título')).toHaveValue(firstTitle);
  await expect(alert).toBeHidden();
  await secondDialog.getByLabel('Descripción').fill('Traer las planillas');
  await secondDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(second.getByText('Evento actualizado correctamente')).toBeVisible();

  stored = await apiGet<{ data: TEvent }>(request, token, `/api/events/${event.id}`);
  expect(stored.data).toMatchObject({ title: firstTitle, description: 'Traer las planillas' });
  await Promise.all([first.context().close(), second.context().close()]);
});
