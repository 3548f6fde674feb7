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

test('point-actions has no serious or critical accessibility violations', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/point-actions');
  await expect(page.getByText(/^1-5 de \d+$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('surveys, its form and its statistics have no serious or critical accessibility violations', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await loginAsAdmin(page);
  await page.goto('/surveys');
  await expect(page.getByTestId('survey-card').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByRole('dialog', { name: 'Nueva Encuesta' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Estadísticas de Satisfacción/ }).click();
  await expect(page.getByTestId('question-statistics').first()).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
