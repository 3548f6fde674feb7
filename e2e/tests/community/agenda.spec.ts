import AxeBuilder from '@axe-core/playwright';
import { unique } from '../../support/api.ts';
import { newSeller, openAppAs } from '../../support/community.ts';
import { buenosAires, createEvent, createEventType, createTypedEvent } from '../../support/schedule-api.ts';
import { expect, test } from '../../support/test.ts';

/** YYYY-MM-DD in Buenos Aires, `days` from today. */
const dayFromToday = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

test('Agenda opens on today and what comes next, with the ended events under "Anteriores", readable (4.5:1), and adds one to the calendar', async ({
  page,
  request,
}) => {
  const { seller, admin } = await newSeller(request);
  const running = `Capacitación ${unique()}`;
  const later = `Feria ${unique()}`;
  const ended = `Reunión ${unique()}`;
  const type = await createEventType(request, admin, { name: `Tipo ${unique()}`, color: '#2f7d32' });
  // Began yesterday and ends tomorrow: today's, whatever the hour the test runs.
  await createEvent(request, admin, {
    title: running,
    event_type_id: type.id,
    start_at: buenosAires(dayFromToday(-1), '10:00'),
    end_at: buenosAires(dayFromToday(1), '10:00'),
  });
  const b = await createTypedEvent(request, admin, {
    title: later,
    color: '#a61e4d',
    day: dayFromToday(15),
    from: '10:00',
    to: '12:00',
  });
  await createTypedEvent(request, admin, {
    title: ended,
    color: '#1864ab',
    day: dayFromToday(-1),
    from: '09:00',
    to: '10:00',
  });

  await openAppAs(page, seller, 'agenda');
  await expect(page.getByRole('heading', { name: 'Agenda', level: 1 })).toBeVisible();
  // Today comes first, then what comes next, then the ended ones.
  await expect(page.getByRole('heading', { name: 'Anteriores', level: 2 })).toBeVisible();
  const titles = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(titles.map((t) => t.split(' ')[0])).toEqual(['Hoy', 'Próximos', 'Anteriores']);
  const today = page.getByRole('region', { name: /^Hoy/ });
  const coming = page.getByRole('region', { name: 'Próximos' });
  const past = page.getByRole('region', { name: 'Anteriores' });
  const runningCard = today.getByRole('listitem').filter({ hasText: running });
  await expect(runningCard).toHaveCSS('border-left-color', 'rgb(47, 125, 50)');
  const laterCard = coming.getByRole('listitem').filter({ hasText: later });
  await expect(laterCard).toHaveCSS('border-left-color', 'rgb(166, 30, 77)');
  await expect(laterCard).toContainText('10:00 a 12:00');
  await expect(laterCard).toContainText('Todas las sucursales');

  // Yesterday's is this week's (shown at once) or an older week's (on request): under Anteriores either way, once.
  await past.getByRole('button', { name: 'Ver eventos anteriores' }).click();
  const endedCard = past.getByRole('listitem').filter({ hasText: ended });
  await expect(endedCard).toHaveCount(1);
  await expect(endedCard).toContainText('Terminado');
  await expect(endedCard.getByRole('button', { name: 'Agregar al calendario' })).toHaveCount(0);
  const contrast = await new AxeBuilder({ page }).include('main').withRules(['color-contrast']).analyze();
  expect(contrast.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);

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

  test('today\'s only event, once it has ended, stays under "Hoy" marked as ended: "El evento de hoy ya terminó", not "No hay eventos hoy"', async ({
    page,
    request,
  }) => {
    const { seller, admin } = await newSeller(request);
    const title = `Charla ${unique()}`;
    const today = dayFromToday(0);
    await createTypedEvent(request, admin, {
      title,
      color: '#1864ab',
      day: today,
      from: '00:05',
      to: '00:35',
    });
    // Today's only event: the agenda the server answers, with the other tests' and the demo's events left out.
    await page.route('**/api/app/agenda*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        data: Record<string, unknown> & { this_week: { title: string }[] };
      };
      const mine = (list: { title: string }[]) => list.filter((e) => e.title === title);
      body.data = { ...body.data, this_week: mine(body.data.this_week), coming: [] };
      await route.fulfill({ response, json: body });
    });
    // 23:00 of the same day in the phone's clock: the event ended, whatever the hour the test runs.
    await page.clock.setFixedTime(new Date(buenosAires(today, '23:00')));
    await openAppAs(page, seller, 'agenda');

    const todaySection = page.getByRole('region', { name: /^Hoy/ });
    await expect(todaySection).toContainText('El evento de hoy ya terminó.');
    await expect(todaySection).not.toContainText('No hay eventos hoy');
    const card = todaySection.getByRole('listitem').filter({ hasText: title });
    await expect(card).toContainText('Terminado');
    await expect(card).toContainText('00:05 a 00:35');
    await expect(card.getByRole('button', { name: 'Agregar al calendario' })).toHaveCount(0);
    // Once, under today: not again under the earlier days.
    const past = page.getByRole('region', { name: 'Anteriores' });
    await expect(past.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
    await expect(past).toContainText('No hubo otros eventos esta semana.');
  });

  test('an agenda that fails to load says "Error al cargar eventos"', async ({ page, request }) => {
    const { seller } = await newSeller(request);
    await page.route('**/api/app/agenda*', (route) => route.fulfill({ status: 500, body: '' }));
    await openAppAs(page, seller, 'agenda');
    await expect(page.getByRole('alert')).toContainText('Error al cargar eventos');
  });

  test('older events ("Ver eventos anteriores", their own request) that fail to load say so under Anteriores and retry', async ({
    page,
    request,
  }) => {
    const { seller, admin } = await newSeller(request);
    const old = `Inventario ${unique()}`;
    // A month ago: never this week's, so only the older events' request brings it.
    await createTypedEvent(request, admin, {
      title: old,
      color: '#1864ab',
      day: dayFromToday(-30),
      from: '09:00',
      to: '10:00',
    });
    let fail = true;
    let failed = 0;
    await page.route('**/api/app/events?*period=past*', (route) => {
      if (!fail) return route.fallback();
      failed++;
      return route.fulfill({ status: 500, body: '' });
    });
    await openAppAs(page, seller, 'agenda');
    const past = page.getByRole('region', { name: 'Anteriores' });
    await expect(past).toBeVisible();
    // The agenda itself loaded: its sections stay while the older ones fail.
    await expect(page.getByRole('region', { name: 'Próximos' })).toBeVisible();
    expect(failed).toBe(0);

    await past.getByRole('button', { name: 'Ver eventos anteriores' }).click();
    const alert = past.getByRole('alert');
    await expect(alert).toContainText('Error al cargar eventos');
    expect(failed).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: 'Próximos' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(1);

    fail = false;
    await alert.getByRole('button', { name: 'Reintentar' }).click();
    await expect(alert).toHaveCount(0);
    // Newest first, ten at a time: other tests' ended events may come before it.
    const card = past.getByRole('listitem').filter({ hasText: old });
    const more = past.getByRole('button', { name: 'Ver eventos anteriores' });
    await expect(async () => {
      if (await card.isVisible()) return;
      await more.click({ timeout: 2_000 });
      await expect(card).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(card).toContainText('Terminado');
  });
});
