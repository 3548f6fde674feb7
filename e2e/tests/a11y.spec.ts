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

for (const [path, name] of [
  ['/notification-types', 'notification types'],
  ['/notifications', 'notifications'],
  ['/event-types', 'event types'],
  ['/events', 'events'],
] as const) {
  test(`${name} has no serious or critical accessibility violations`, async ({ page }) => {
    test.setTimeout(60_000);
    await loginAsAdmin(page);
    await page.goto(path);
    await expect(page.getByText(/^1-5 de \d+$/)).toBeVisible({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the notification type dialog has no serious or critical accessibility violations', async ({ page }) => {
  test.setTimeout(60_000);
  await loginAsAdmin(page);
  await page.goto('/notification-types');
  await page.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByRole('radio')).toHaveCount(32);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the event dialog has no serious or critical accessibility violations', async ({ page }) => {
  test.setTimeout(60_000);
  await loginAsAdmin(page);
  await page.goto('/events');
  await page.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByRole('dialog', { name: 'Nuevo evento' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('calendar has no serious or critical accessibility violations', async ({ page }) => {
  test.setTimeout(60_000);
  await loginAsAdmin(page);
  await page.goto('/calendar');
  await expect(page.locator('.fc-event').first()).toBeVisible({ timeout: 20_000 });
  expect(await seriousViolations(page)).toEqual([]);
});
