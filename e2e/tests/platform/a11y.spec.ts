import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin } from '../../support/api.ts';
import { loginAsAdmin } from '../../support/ui.ts';

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

for (const [path, title] of [
  ['/suppliers', 'Proveedores'],
  ['/brands', 'Marcas'],
] as const) {
  test(`${title.toLowerCase()} has no serious or critical accessibility violations`, async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto(path);
    await expect(page.getByText(/^1-5 de \d+$/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the per-seller dialogs have no serious or critical accessibility violations', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAsAdmin(page);
  await page.goto('/users?q=vendedor%40demo.local');
  const row = page.getByRole('row').filter({ hasText: 'vendedor@demo.local' });
  for (const button of ['Actividad', 'Volumenes', 'Unidades']) {
    await row.getByRole('button', { name: new RegExp(`^${button} de `) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    if (button === 'Actividad') await expect(dialog.getByText('Resumen General')).toBeVisible();
    if (button === 'Volumenes') await expect(dialog.getByLabel('Enero')).not.toHaveValue('');
    // Only the dialog: the list behind the modal's overlay is checked on its own screen.
    const results = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      button,
    ).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test('Vendedores, its selection bar and the import dialog have no serious or critical accessibility violations', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/users');
  await expect(page.getByText(/^1-5 de \d+$/)).toBeVisible();
  await page
    .getByRole('checkbox', { name: /^Seleccionar a / })
    .first()
    .check();
  await expect(page.getByRole('region', { name: 'Filas seleccionadas' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar vendedores' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'equipo.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('nombre;email\nAna Ruiz;no-es-email\n'),
  });
  await expect(dialog.getByText('Una de 1 filas tiene problemas.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('posts and the "Nueva publicación" dialog have no serious or critical accessibility violations', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/posts');
  await expect(page.getByText(/^1-5 de \d+$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByRole('dialog', { name: 'Nueva publicación' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('stories and the "Nueva historia" dialog have no serious or critical accessibility violations', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/stories');
  await expect(page.getByText(/^1-5 de \d+$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByRole('dialog', { name: 'Nueva historia' })).toBeVisible();
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

// Auditoría, its filters and its before/after dialog at a laptop's and a phone's width (issue 21, items 9
// and 13); tests/platform/audit.spec.ts checks them along its main path too.
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`Auditoría, its filters and an entry have no serious or critical accessibility violations at ${viewport.width} px`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const token = await apiLogin(request);
    const res = await request.post('/api/branches', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: `Accesible ${Date.now()}`, city: 'Paraná' },
    });
    expect(res.status()).toBe(201);
    await page.setViewportSize(viewport);
    await loginAsAdmin(page);
    await page.goto('/audit?entity=branches');
    await page.locator('[data-id]').first().waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /^Filtros/ }).click();
    await expect(page.getByRole('button', { name: 'Limpiar filtros' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page
      .locator('[data-id]')
      .first()
      .getByRole('button', { name: /^Ver cambios de / })
      .click();
    await expect(page.getByRole('table', { name: 'Campos cambiados' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
