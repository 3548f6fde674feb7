import type { TAppAgenda } from '@panel/shared';
import { expect, test } from '@playwright/test';
import { unique } from '../../support/api.ts';
import { appGet, newSeller, openAppAs } from '../../support/community.ts';
import { createTypedEvent } from '../../support/schedule-api.ts';

/** YYYY-MM-DD in Buenos Aires, `days` from today. */
const dayFromToday = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

test("Agenda shows this week's and the coming events with their type's colour, and adds one to the calendar", async ({
  page,
  request,
}) => {
  const { seller, admin } = await newSeller(request);
  const soon = `Reunión ${unique()}`;
  const later = `Feria ${unique()}`;
  const a = await createTypedEvent(request, admin, {
    title: soon,
    color: '#2f7d32',
    day: dayFromToday(0),
    from: '23:00',
    to: '23:30',
  });
  const b = await createTypedEvent(request, admin, {
    title: later,
    color: '#a61e4d',
    day: dayFromToday(15),
    from: '10:00',
    to: '12:00',
  });
  const { data } = await appGet<{ data: TAppAgenda }>(request, seller.token, '/api/app/agenda');
  const inWeek = (id: number) => data.this_week.some((e) => e.id === id);
  expect(data.coming.some((e) => e.id === b.id)).toBe(true);

  await openAppAs(page, seller, 'agenda');
  await expect(page.getByRole('heading', { name: 'Agenda', level: 1 })).toBeVisible();
  const week = page.getByRole('region', { name: 'Esta semana' });
  const coming = page.getByRole('region', { name: 'Próximos' });
  const soonCard = (inWeek(a.id) ? week : coming).getByRole('listitem').filter({ hasText: soon });
  await expect(soonCard).toBeVisible();
  await expect(soonCard).toHaveCSS('border-left-color', 'rgb(47, 125, 50)');
  const laterCard = coming.getByRole('listitem').filter({ hasText: later });
  await expect(laterCard).toHaveCSS('border-left-color', 'rgb(166, 30, 77)');
  await expect(laterCard).toContainText('10:00 a 12:00');
  await expect(laterCard).toContainText('Todas las sucursales');

  const download = page.waitForEvent('download');
  await laterCard.getByRole('button', { name: 'Agregar al calendario' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`evento-${b.id}.ics`);
  const text = await (await file.createReadStream())
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(text).toContain('BEGIN:VEVENT');
  expect(text).toContain(`SUMMARY:${later}`);
});

test.describe('without the service worker (so the test can answer the calls)', () => {
  test.use({ serviceWorkers: 'block' });

  test('an agenda that fails to load says "Error al cargar eventos"', async ({ page, request }) => {
    const { seller } = await newSeller(request);
    await page.route('**/api/app/agenda*', (route) => route.fulfill({ status: 500, body: '' }));
    await openAppAs(page, seller, 'agenda');
    await expect(page.getByRole('alert')).toContainText('Error al cargar eventos');
  });
});
