import type { TDashboardActivity } from '@panel/shared';
import { answerJson } from '../../support/answers.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

test('the dashboard shows, below its counters, the activity chart, the next events and the top 5 of the month', async ({
  page,
}) => {
  // Other specs add events and points meanwhile: compare with the very answer the screen got.
  const answer = answerJson<{ data: TDashboardActivity }>(
    page,
    (url) => url.pathname === '/api/dashboard/activity',
  );
  await openAsAdmin(page, '/dashboard');
  const activity = (await answer).data;

  await expect(
    page.getByRole('heading', { name: 'Actividad de la comunidad (últimos 30 días)' }),
  ).toBeVisible();
  await expect(page.locator('.recharts-surface')).toHaveCount(1);
  for (const series of ['Publicaciones', 'Me gusta', 'Comentarios', 'Vistas de historias', 'Puntos']) {
    await expect(
      page.locator('.recharts-legend-wrapper, [class*="legend"]').getByText(series, { exact: true }).first(),
    ).toBeVisible();
  }

  const events = page.getByTestId('upcoming-event');
  await expect(events).toHaveCount(activity.upcoming_events.length);
  if (activity.upcoming_events[0])
    await expect(events.first()).toContainText(activity.upcoming_events[0].title);

  const top = page.getByRole('list', { name: 'Top 5 vendedores del mes' }).getByTestId('ranked-seller');
  await expect(top).toHaveCount(activity.top_sellers.length);
  if (activity.top_sellers[0]) await expect(top.first()).toContainText(activity.top_sellers[0].name);
});

test('the dashboard keeps its counters when the activity fails, and says "Error al cargar datos"', async ({
  page,
}) => {
  await page.route('**/api/dashboard/activity', (route) => route.fulfill({ status: 500, body: '' }));
  await openAsAdmin(page, '/dashboard');
  await expect(page.getByRole('alert').filter({ hasText: 'Error al cargar datos' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('Vendedores').first()).toBeVisible();
  await expect(page.getByText('Publicaciones').first()).toBeVisible();
});
