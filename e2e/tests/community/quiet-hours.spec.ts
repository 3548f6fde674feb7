import { QUIET_MSG, type TAppQuietHours } from '@panel/shared';
import type { APIRequestContext } from '@playwright/test';
import { unique } from '../../support/api.ts';
import { appGet, newSeller, openAppAs } from '../../support/community.ts';
import { createNotification } from '../../support/schedule-api.ts';
import { expect, test } from '../../support/test.ts';

// "No molestar" in Perfil (issue 23, item 6) on the 390 × 844 phone.

const quietHours = async (request: APIRequestContext, token: string) =>
  (await appGet<{ data: TAppQuietHours }>(request, token, '/api/app/me/quiet-hours')).data;

/** "HH:MM" in Buenos Aires, `minutes` from now. */
const baTime = (minutes: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Argentina/Buenos_Aires',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + minutes * 60_000));

test('a seller sets "No molestar" 22:00–08:00 in Perfil, finds it again, and turns it off', async ({
  page,
  request,
}) => {
  const { seller } = await newSeller(request);
  // The screen's own chunk, loaded only when Perfil shows it.
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/quiet-hours-[\w-]+\.js$/.test(r.url())) chunks.push(r.url());
  });
  await openAppAs(page, seller);
  await expect(page.getByRole('heading', { name: 'Comunidad', level: 1 })).toBeVisible();
  expect(chunks).toEqual([]);

  await page.getByRole('link', { name: 'Perfil' }).click();
  const form = page.getByRole('form', { name: 'No molestar' });
  await expect(form).toBeVisible();
  expect(chunks).toHaveLength(1);
  await expect(form).toContainText('hora de Buenos Aires');
  await expect(form.getByRole('checkbox', { name: 'Activar No molestar' })).not.toBeChecked();
  await form.getByRole('checkbox', { name: 'Activar No molestar' }).check();
  await form.getByLabel('Desde').fill('22:00');
  await form.getByLabel('Hasta').fill('08:00');
  await form.getByRole('button', { name: 'Guardar horario' }).click();
  await expect(page.getByText('Horario de No molestar guardado')).toBeVisible();
  expect((await quietHours(request, seller.token)).quiet_hours).toEqual({ start: '22:00', end: '08:00' });

  await page.reload();
  await expect(form.getByRole('checkbox', { name: 'Activar No molestar' })).toBeChecked();
  await expect(form.getByLabel('Desde')).toHaveValue('22:00');
  await expect(form.getByLabel('Hasta')).toHaveValue('08:00');

  await form.getByRole('checkbox', { name: 'Activar No molestar' }).uncheck();
  await expect(form.getByLabel('Desde')).toBeDisabled();
  await form.getByRole('button', { name: 'Guardar horario' }).click();
  await expect(page.getByText('No molestar desactivado')).toBeVisible();
  expect((await quietHours(request, seller.token)).quiet_hours).toBeNull();
});

test('equal times are refused under the field, and nothing is saved', async ({ page, request }) => {
  const { seller } = await newSeller(request);
  await openAppAs(page, seller, 'perfil');
  const form = page.getByRole('form', { name: 'No molestar' });
  await form.getByRole('checkbox', { name: 'Activar No molestar' }).check();
  await form.getByLabel('Desde').fill('21:30');
  await form.getByLabel('Hasta').fill('21:30');
  await form.getByRole('button', { name: 'Guardar horario' }).click();
  await expect(form.getByText(QUIET_MSG.sameTimes)).toBeVisible();
  await expect(form.getByLabel('Hasta')).toHaveAttribute('aria-invalid', 'true');
  expect((await quietHours(request, seller.token)).quiet_hours).toBeNull();
});

test('in quiet hours a new notification is in Avisos at once (only its push waits)', async ({
  page,
  request,
}) => {
  const { seller, admin } = await newSeller(request);
  const put = await request.put('/api/app/me/quiet-hours', {
    headers: { Authorization: `Bearer ${seller.token}` },
    data: { quiet_hours: { start: baTime(-60), end: baTime(60) } },
  });
  expect(put.status()).toBe(200);
  await openAppAs(page, seller, 'notificaciones');
  await expect(page.getByRole('heading', { name: 'Avisos', level: 1 })).toBeVisible();
  const title = `En silencio ${unique()}`;
  await createNotification(request, admin, {
    title,
    message: 'Llega igual',
    branch_id: seller.user.branch_id!,
  });
  await page.reload();
  await expect(page.getByRole('link', { name: new RegExp(`Sin leer: ${title}`) })).toBeVisible();
});

test.describe('without the service worker (so the test can answer the calls)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a save that fails says "No se pudo guardar el horario" and keeps what was typed', async ({
    page,
    request,
  }) => {
    const { seller } = await newSeller(request);
    await page.route('**/api/app/me/quiet-hours', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
    );
    await openAppAs(page, seller, 'perfil');
    const form = page.getByRole('form', { name: 'No molestar' });
    await form.getByRole('checkbox', { name: 'Activar No molestar' }).check();
    await form.getByLabel('Desde').fill('23:00');
    await form.getByRole('button', { name: 'Guardar horario' }).click();
    await expect(form.getByRole('alert')).toContainText('No se pudo guardar el horario');
    await expect(form.getByLabel('Desde')).toHaveValue('23:00');
    expect((await quietHours(request, seller.token)).quiet_hours).toBeNull();
  });
});
