import { readFileSync } from 'node:fs';
import type { TListResponse, TPointTransaction } from '@panel/shared';
import type { Page } from '@playwright/test';
import { answerJson } from '../../support/answers.ts';
import { apiGet, apiLogin } from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

type Page_ = TListResponse<TPointTransaction>;

async function openHistory(page: Page) {
  await openAsAdmin(page, '/points-transactions');
  await expect(page.getByRole('heading', { name: 'Historial de puntos', level: 1 })).toBeVisible({
    timeout: 15_000,
  });
}

const rows = (page: Page) =>
  page.getByRole('region', { name: 'Tabla de Historial de puntos' }).locator('tbody tr');

test('pages 20 at a time with "Página X de Y", and changes the page size', async ({ page }) => {
  // Other specs add points meanwhile: compare with the very answers the screen got.
  const answer = (pageNumber: number) =>
    answerJson<Page_>(
      page,
      (url) =>
        url.pathname === '/api/points/transactions' &&
        (url.searchParams.get('page') ?? '1') === String(pageNumber),
    );
  const firstAnswer = answer(1);
  await openHistory(page);
  const first = await firstAnswer;
  expect(first.meta.total, 'the demo ledger has more than one page').toBeGreaterThan(20);
  await expect(rows(page)).toHaveCount(20);
  await expect(page.getByTestId('stat-total')).toHaveText(first.meta.total.toLocaleString('es-AR'));
  const pageSum = first.data.reduce((n, t) => n + t.points, 0);
  await expect(page.getByTestId('stat-page-points')).toHaveText(
    `${pageSum > 0 ? '+' : ''}${pageSum.toLocaleString('es-AR')}`,
  );
  await expect(rows(page).first()).toContainText(first.data[0]!.user_name);
  await expect(page.getByText(`Página 1 de ${first.meta.last_page}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Anterior' })).toBeDisabled();

  const secondAnswer = answer(2);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const second = await secondAnswer;
  await expect(page.getByText(`Página 2 de ${second.meta.last_page}`)).toBeVisible();
  await expect(rows(page).first()).toHaveAttribute('data-id', String(second.data[0]!.id));

  // Points are green when positive.
  const points = rows(page).first().getByTestId('points');
  if (second.data[0]!.points > 0) await expect(points).toHaveCSS('color', 'rgb(35, 112, 50)');

  await page.getByLabel('Por página:').selectOption('50');
  await expect(page).toHaveURL(/per_page=50/);
  await expect(page.getByText(/^Página 1 de \d+$/)).toBeVisible();
  await expect(rows(page)).toHaveCount(50);
});

test('searches on the server by user name and exports the filtered CSV', async ({ page, request }) => {
  const token = await apiLogin(request);
  const latest = (await apiGet<Page_>(request, token, '/api/points/transactions?per_page=10')).data[0]!;
  const name = latest.user_name;
  const filtered = await apiGet<Page_>(
    request,
    token,
    `/api/points/transactions?q=${encodeURIComponent(name)}`,
  );

  await openHistory(page);
  await page.getByPlaceholder('Buscar por acción, clave, descripción o usuario').fill(name);
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByTestId('stat-total')).toHaveText(filtered.meta.total.toLocaleString('es-AR'));
  await expect(rows(page).first()).toHaveAttribute('data-id', String(filtered.data[0]!.id));
  for (const t of filtered.data.slice(0, 5))
    expect(JSON.stringify(t).toLowerCase()).toContain(name.toLowerCase());

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trim().split('\r\n');
  expect(lines[0]).toBe('ID;Usuario ID;Usuario;Acción;Clave;Puntos;Descripción;Referencia;Fecha');
  expect(lines).toHaveLength(filtered.meta.total + 1);
  expect(lines[1]!.startsWith(`${filtered.data[0]!.id};`)).toBe(true);

  // No match: the empty text, and no pager.
  await page.getByPlaceholder('Buscar por acción, clave, descripción o usuario').fill('zzzz-sin-resultados');
  await expect(page.getByText('No hay transacciones.')).toBeVisible();
  await expect(page.getByTestId('page-label')).toHaveCount(0);
});

test('says "Error al cargar transacciones" when loading fails', async ({ page }) => {
  await page.route('**/api/points/transactions?**', (route) => route.fulfill({ status: 500, body: '' }));
  await openHistory(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Error al cargar transacciones' })).toBeVisible({
    timeout: 15_000,
  });
});

test('filters by date range and by action key from the "Filtros" popover', async ({ page, request }) => {
  const token = await apiLogin(request);
  const likes = await apiGet<Page_>(request, token, '/api/points/transactions?action_key=like_post');
  await openHistory(page);
  await page.getByRole('button', { name: /^Filtros/ }).click();
  await page.getByPlaceholder('like_post').fill('like_post');
  await page.getByPlaceholder('like_post').press('Enter');
  await expect(page).toHaveURL(/action_key=like_post/);
  await expect(page.getByTestId('stat-total')).toHaveText(likes.meta.total.toLocaleString('es-AR'));
  await page.getByLabel('Desde').fill('01/01/2099');
  await page.getByLabel('Desde').press('Tab');
  await expect(page).toHaveURL(/from=2099-01-01/);
  await expect(page.getByText('No hay transacciones.')).toBeVisible();
  await expect(page.getByTestId('stat-total')).toHaveText('0');
});
