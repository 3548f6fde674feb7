import type { TEngagement } from '@panel/shared';
import type { Page } from '@playwright/test';
import { answerJson } from '../../support/answers.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

const engagementAnswer = (page: Page, weeks: number) =>
  answerJson<{ data: TEngagement }>(
    page,
    (url) => url.pathname === '/api/engagement' && (url.searchParams.get('weeks') ?? '4') === String(weeks),
  );

/** The branch names of the table, top to bottom, the company's row last. */
const tableOrder = (page: Page) =>
  page.getByTestId('engagement-table').getByRole('rowheader').allInnerTexts();

test.describe('Participación at 1280 px', () => {
  test('an administrator opens it from Avances, sees the chart and the table, sorts and switches the period', async ({
    page,
  }) => {
    const answer = engagementAnswer(page, 4);
    await openAsAdmin(page, '/dashboard');
    const nav = page.getByRole('navigation');
    await nav.getByRole('button', { name: 'Avances' }).click();
    await nav.getByRole('link', { name: 'Participación' }).click();
    await expect(page).toHaveURL(/\/engagement$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Participación' })).toBeVisible();
    const data = (await answer).data;

    await expect(page.getByTestId('engagement-chart').locator('.recharts-surface')).toBeVisible();
    await expect(page.getByTestId('engagement-chart').getByText('Toda la empresa').first()).toBeVisible();
    // The table's first order is by name as Spanish sorts it ("Sucursal mx…" before "Sucursal Test…"), which
    // is not always the server's (other tests add branches named in both cases).
    const names = data.branches.map((b) => b.branch_name).sort((a, b) => a.localeCompare(b, 'es'));
    await expect.poll(() => tableOrder(page)).toEqual([...names, 'Toda la empresa']);

    // "Activos", most first; a second click, fewest first. The company stays last.
    const byActive = [...data.branches].sort(
      (a, b) =>
        b.period.active_sellers - a.period.active_sellers || a.branch_name.localeCompare(b.branch_name, 'es'),
    );
    const table = page.getByTestId('engagement-table');
    await table.getByRole('button', { name: 'Activos', exact: true }).click();
    await expect(table.getByRole('columnheader', { name: 'Activos', exact: true })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const sorted = await tableOrder(page);
    expect(sorted.at(-1)).toBe('Toda la empresa');
    const activeOf = new Map(data.branches.map((b) => [b.branch_name, b.period.active_sellers]));
    const shown = sorted.slice(0, -1).map((name) => activeOf.get(name)!);
    expect(shown).toEqual(byActive.map((b) => b.period.active_sellers));

    // The inactive sellers of the demo's falling branch.
    await expect(page.getByTestId('inactive-seller').first()).toBeVisible();

    // Another period: the screen asks for it and shows its weeks.
    const twelve = engagementAnswer(page, 12);
    await page.getByText('Últimas 12 semanas').click();
    const data12 = (await twelve).data;
    await expect(page).toHaveURL(/weeks=12/);
    expect(data12.week_starts).toHaveLength(12);
    await expect(page.getByTestId('engagement-period')).toContainText(
      `${data12.period.from.split('-').reverse().join('/')} al ${data12.period.to.split('-').reverse().join('/')}`,
    );
    await expect.poll(() => tableOrder(page)).toHaveLength(data12.branches.length + 1);
  });

  test('says "Error al cargar la participación" with "Reintentar" when the data fails, and loads on retry', async ({
    page,
  }) => {
    let fail = true;
    await page.route(
      (url) => url.pathname === '/api/engagement',
      (route) => (fail ? route.fulfill({ status: 500, body: '' }) : route.continue()),
    );
    await openAsAdmin(page, '/engagement');
    const alert = page.getByRole('alert').filter({ hasText: 'Error al cargar la participación' });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    fail = false;
    await alert.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByTestId('engagement-table')).toBeVisible();
  });
});

test.describe('Participación at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows each branch as a card, sorts with "Ordenar por", and never scrolls sideways', async ({
    page,
  }) => {
    const answer = engagementAnswer(page, 4);
    await openAsAdmin(page, '/engagement');
    const data = (await answer).data;
    const cards = page.getByTestId('engagement-cards').getByRole('region');
    await expect(cards).toHaveCount(data.branches.length + 1);
    await expect(page.getByTestId('engagement-table')).toBeHidden();
    await expect(page.getByTestId('engagement-chart').locator('.recharts-surface')).toBeVisible();
    await page.getByRole('combobox', { name: 'Ordenar por' }).click();
    await page.getByRole('option', { name: 'Activos', exact: true }).click();
    const most = Math.max(...data.branches.map((b) => b.period.active_sellers));
    const first = data.branches.find((b) => b.period.active_sellers === most)!;
    await expect(cards.first()).toHaveAttribute('aria-label', first.branch_name);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
