import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiLogin } from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

// Every screen and dialog is checked at 1280 and 390 px by every-screen.spec.ts. What stays here is
// what that walk does not reach: the import dialog showing a file's problems, and Auditoría with an entry
// made for it.

test('Vendedores, its selection bar and the import dialog have no serious or critical accessibility violations', async ({
  page,
}) => {
  await openAsAdmin(page, '/users');
  await expect(page.getByText(/^1-10 de \d+$/)).toBeVisible();
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
    const token = await apiLogin(request);
    const res = await request.post('/api/branches', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: `Accesible ${Date.now()}`, city: 'Paraná' },
    });
    expect(res.status()).toBe(201);
    await page.setViewportSize(viewport);
    await openAsAdmin(page, '/audit?entity=branches');
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
