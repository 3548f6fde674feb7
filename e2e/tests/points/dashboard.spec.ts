import type { TPointsSummary } from '@panel/shared';
import type { Page } from '@playwright/test';
import { answerJson } from '../../support/answers.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

async function openPointsDashboard(page: Page) {
  await openAsAdmin(page, '/points-dashboard');
  await expect(page.getByRole('heading', { name: 'Gamificación', level: 1 })).toBeVisible({
    timeout: 15_000,
  });
}

test('shows the cards, the top 5 by period, the active actions and the charts', async ({ page }) => {
  // Other specs change actions and points meanwhile: compare with the very answers the screen got.
  const summaryOf = (period: string) =>
    answerJson<{ data: TPointsSummary }>(
      page,
      (url) => url.pathname === '/api/points/summary' && url.searchParams.get('period') === period,
    );
  const monthlyAnswer = summaryOf('monthly');
  await openPointsDashboard(page);
  const monthly = (await monthlyAnswer).data;
  await expect(page.getByText('Acciones activas', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Líder actual')).toBeVisible();
  if (monthly.leader) await expect(page.getByText(monthly.leader.name).first()).toBeVisible();

  const top = page.getByRole('list', { name: 'Top 5 vendedores' }).getByTestId('ranked-seller');
  await expect(top).toHaveCount(monthly.top.length);

  const allTimeAnswer = summaryOf('all_time');
  await page.getByText('Histórico', { exact: true }).click();
  await expect(page).toHaveURL(/period=all_time/);
  const allTime = (await allTimeAnswer).data;
  await expect(top).toHaveCount(allTime.top.length);
  if (allTime.top[0]) await expect(top.first()).toContainText(allTime.top[0].name);

  const actions = page.getByRole('list', { name: 'Acciones activas por puntos' }).getByRole('listitem');
  await expect(actions).toHaveCount(allTime.actions.length);
  await expect(actions.first()).toContainText(allTime.actions[0]!.name);

  // Both charts draw (recharts renders SVG surfaces).
  await expect(page.locator('.recharts-surface')).toHaveCount(2);
});

test('says "Error al cargar datos" when the summary fails', async ({ page }) => {
  await page.route('**/api/points/summary?**', (route) => route.fulfill({ status: 500, body: '' }));
  await openPointsDashboard(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Error al cargar datos' })).toBeVisible({
    timeout: 15_000,
  });
});
