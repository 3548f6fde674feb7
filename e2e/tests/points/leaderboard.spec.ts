import type { TLeaderboardEntry } from '@panel/shared';
import type { Page } from '@playwright/test';
import { answerJson } from '../../support/answers.ts';
import { apiGet, apiLogin, createBranch, unique } from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

async function openLeaderboard(page: Page, query = '') {
  await openAsAdmin(page, `/points-leaderboard${query}`);
  await expect(page.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Inicio / Gamificación / Leaderboard')).toBeVisible();
}

const _board = (request: Parameters<typeof apiGet>[0], token: string, query: string) =>
  apiGet<{ data: TLeaderboardEntry[] }>(request, token, `/api/points/leaderboard?${query}`).then(
    (b) => b.data,
  );

test('shows the top 3 on the podium and the rest in the table, as the server ranks them', async ({
  page,
}) => {
  await openLeaderboard(page);
  // Other specs add points meanwhile: compare with the very answer the screen got.
  const answer = answerJson<{ data: TLeaderboardEntry[] }>(
    page,
    (url) => url.pathname === '/api/points/leaderboard' && url.searchParams.get('period') === 'all_time',
  );
  await page.getByRole('combobox', { name: 'Período' }).click();
  await page.getByRole('option', { name: 'Histórico' }).click();
  await expect(page).toHaveURL(/period=all_time/);
  const expected = (await answer).data;
  expect(expected.length, 'the demo ledger has sellers with points').toBeGreaterThan(3);

  const podium = page.getByTestId('podium-card');
  await expect(podium).toHaveCount(3);
  for (const [i, e] of expected.slice(0, 3).entries()) {
    await expect(podium.nth(i)).toContainText(e.name);
    await expect(podium.nth(i)).toContainText(`#${e.rank}`);
  }
  const rows = page.getByRole('table', { name: 'Resto del ranking' }).locator('tbody tr');
  await expect(rows).toHaveCount(expected.length - 3);
  const last = expected.at(-1)!;
  await expect(rows.last()).toContainText(last.name);
  await expect(rows.last()).toContainText(`#${last.rank}`);

  // Top 10 keeps ten entries at most.
  const tenAnswer = answerJson<{ data: TLeaderboardEntry[] }>(
    page,
    (url) => url.pathname === '/api/points/leaderboard' && url.searchParams.get('limit') === '10',
  );
  await page.getByRole('combobox', { name: 'Mostrar' }).click();
  await page.getByRole('option', { name: 'Top 10', exact: true }).click();
  await expect(page).toHaveURL(/limit=10/);
  const ten = (await tenAnswer).data;
  await expect(rows).toHaveCount(Math.max(0, ten.length - 3));

  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect(podium.first()).toContainText(ten[0]!.name);
});

test('a branch chosen by name with no sellers shows "No hay vendedores con puntos en este período"', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const branch = await createBranch(request, token, { name: `Sucursal Vacía ${unique()}` });
  await openLeaderboard(page);
  const select = page.getByRole('combobox', { name: 'Sucursal' });
  await select.click();
  await select.fill(branch.name);
  await page.getByRole('option', { name: branch.name }).click();
  await expect(page).toHaveURL(new RegExp(`branch_id=${branch.id}`));
  await expect(page.getByText('No hay vendedores con puntos en este período')).toBeVisible();
  await expect(page.getByTestId('podium-card')).toHaveCount(0);
});

test('says "Error al cargar leaderboard" when loading fails', async ({ page }) => {
  await page.route('**/api/points/leaderboard?**', (route) =>
    route.fulfill({ status: 502, body: 'Bad gateway' }),
  );
  await openLeaderboard(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Error al cargar leaderboard' })).toBeVisible({
    timeout: 15_000,
  });
});
