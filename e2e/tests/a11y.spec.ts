import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { loginAsAdmin } from '../support/ui.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('login has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Panel de Administración').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('dashboard has no serious or critical accessibility violations', async ({ page }) => {
  await loginAsAdmin(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('branches has no serious or critical accessibility violations', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/branches');
  await expect(page.getByText(/^1-5 de \d+$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const [path, ready] of [
  ['/points-leaderboard?period=all_time', 'Podio'],
  ['/points-transactions', 'Tabla de Historial de puntos'],
  ['/points-dashboard', 'Top 5 vendedores'],
] as const) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto(path);
    await expect(page.getByLabel(ready, { exact: true }).first()).toBeVisible({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });
}
