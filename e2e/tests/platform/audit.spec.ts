import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiLogin, auth, createBranch, createUser, unique } from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

// Issue 21, item 9: Auditoría, the audit trail as a screen, and "Historial de cambios" from a record's dialog.
// Issue 28, item 17: each entry names its record as it was then ("Sucursal «…»", not "Sucursal #12").

async function seriousViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The "Filtros" popover's controls (the popover is the page's one dialog-less dropdown). */
async function openFilters(page: Page) {
  await page.getByRole('button', { name: /^Filtros/ }).click();
  await expect(page.getByRole('button', { name: 'Limpiar filtros' })).toBeVisible();
  return page;
}

test('an edited branch: its entry found by filters, its fields before and after, and "Historial de cambios" from its dialog', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const name = `Auditada ${unique()}`;
  const branch = await createBranch(request, token, { name, city: 'Rosario', address: 'Córdoba 1234' });

  // Edit it on the screen.
  await openAsAdmin(page, `/branches?q=${encodeURIComponent(name)}`);
  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Editar' }).click();
  let dialog = page.getByRole('dialog', { name: 'Editar Sucursal' });
  await dialog.getByLabel('Ciudad').fill('Mendoza');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });

  // Find the entry from the menu: branches, updates.
  await page.getByRole('navigation').getByRole('link', { name: 'Auditoría' }).click();
  await expect(page.getByRole('heading', { name: 'Auditoría', level: 1 })).toBeVisible({ timeout: 20_000 });
  const filters = await openFilters(page);
  await filters.getByRole('combobox', { name: 'Tipo de registro' }).click();
  await page.getByRole('option', { name: 'Sucursal', exact: true }).click();
  await filters.getByRole('combobox', { name: 'Operación' }).click();
  await page.getByRole('option', { name: 'Modificación' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/entity=branches/);
  await expect(page).toHaveURL(/action=update/);
  const row = page.getByRole('row').filter({ hasText: `Sucursal «${name}»` });
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await expect(row).toContainText('Modificación');
  await expect(row).toContainText('admin@demo.local');
  await expect(row).toContainText('Ciudad');
  expect(await seriousViolations(page)).toEqual([]);

  // Its fields before and after, with human labels.
  await row.getByRole('button', { name: /^Ver cambios de Sucursal/ }).click();
  const entry = page.getByRole('dialog', { name: `Cambios en Sucursal «${name}»` });
  await expect(entry.getByText(`Sucursal #${branch.id}`)).toBeVisible();
  const changes = entry.getByRole('table', { name: 'Campos cambiados' });
  const city = changes.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Ciudad' }) });
  await expect(city.getByRole('cell')).toHaveText(['Rosario', 'Mendoza']);
  await expect(entry.getByText('PUT /api/branches/:id')).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await entry.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(entry).toBeHidden();

  // "Historial de cambios" from the record's own dialog: its two entries, newest first.
  await page.goto(`/branches?q=${encodeURIComponent(name)}`);
  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Editar' }).click();
  dialog = page.getByRole('dialog', { name: 'Editar Sucursal' });
  await dialog.getByRole('link', { name: 'Historial de cambios' }).click();
  await expect(page).toHaveURL(new RegExp(`/audit\\?entity=branches&entity_id=${branch.id}$`));
  await expect(page.getByText(`Historial de cambios de Sucursal #${branch.id}.`)).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: `Sucursal «${name}»` });
  await expect(rows).toHaveCount(2, { timeout: 15_000 });
  await expect(rows.nth(0)).toContainText('Modificación');
  await expect(rows.nth(1)).toContainText('Alta');
  await rows
    .nth(1)
    .getByRole('button', { name: /^Ver cambios/ })
    .click();
  const created = page.getByRole('dialog', { name: `Cambios en Sucursal «${name}»` });
  const nameRow = created.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Nombre' }) });
  await expect(nameRow.getByRole('cell')).toHaveText(['—', name]);
});

/** A business day (Buenos Aires, the server's APP_TIMEZONE here) as the filters type it: dd/mm/aaaa. */
const businessDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('es-AR', {
    timeZone: 'America/Argentina/Buenos_Aires',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(Date.now() + offsetDays * 86_400_000));

test('filters by who made the change and by the days it was made', async ({ page, request }) => {
  const token = await apiLogin(request);
  const tag = unique();
  const branch = await createBranch(request, token, { name: `Dos manos ${tag}`, city: 'Tandil' });
  // A second administrator edits the same branch: the entries differ only in who made them.
  const other = {
    name: `Otra Admin ${tag}`,
    email: `otra.admin.${tag}@prueba.test`,
    password: `Clave-${tag}-2026`,
  };
  await createUser(request, token, { ...other, role: 'admin', branch_id: null });
  const otherToken = await apiLogin(request, other.email, other.password);
  const res = await request.put(`/api/branches/${branch.id}`, {
    headers: auth(otherToken),
    data: { name: branch.name, city: 'Azul', address: 'Rivadavia 10' },
  });
  expect(res.status()).toBe(200);

  await openAsAdmin(page, `/audit?entity=branches&entity_id=${branch.id}`);
  const rows = page.locator('[data-id]');
  await expect(rows).toHaveCount(2, { timeout: 20_000 });

  // Who: the other administrator, found by name, leaves only her edit.
  const filters = await openFilters(page);
  await filters.getByRole('combobox', { name: 'Administrador' }).fill(`Otra Admin ${tag}`);
  await page.getByRole('option', { name: new RegExp(`^Otra Admin ${tag}`) }).click();
  await expect(page).toHaveURL(/actor_id=\d+/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Modificación');
  await expect(rows.first()).toContainText(other.email);

  // When: today's business day keeps it; from tomorrow on, nothing, said in words.
  await filters.getByRole('textbox', { name: 'Desde' }).fill(businessDay(0));
  await filters.getByRole('textbox', { name: 'Desde' }).press('Tab');
  await filters.getByRole('textbox', { name: 'Hasta' }).fill(businessDay(0));
  await filters.getByRole('textbox', { name: 'Hasta' }).press('Tab');
  await expect(page).toHaveURL(/to=\d{4}-\d{2}-\d{2}/);
  await expect(rows).toHaveCount(1);
  await filters.getByRole('textbox', { name: 'Hasta' }).fill('');
  await filters.getByRole('textbox', { name: 'Hasta' }).press('Tab');
  await expect(page).not.toHaveURL(/to=/);
  await filters.getByRole('textbox', { name: 'Desde' }).fill(businessDay(1));
  await filters.getByRole('textbox', { name: 'Desde' }).press('Tab');
  await expect(page.getByText('No hay cambios registrados con estos filtros.')).toBeVisible();
  await expect(rows).toHaveCount(0);
});

test('on a phone the entries are cards and the before/after dialog fits, without serious axe violations', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const branch = await createBranch(request, token, { name: `Teléfono ${unique()}`, city: 'Salta' });
  const renamed = `Teléfono ${unique()}`;
  const res = await request.put(`/api/branches/${branch.id}`, {
    headers: auth(token),
    data: { name: renamed, city: 'Jujuy', address: 'Belgrano 5' },
  });
  expect(res.status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await openAsAdmin(page, `/audit?entity=branches&entity_id=${branch.id}`);
  const cards = page.getByRole('list', { name: 'Lista de Auditoría' }).getByRole('listitem');
  await expect(cards).toHaveCount(2, { timeout: 20_000 });
  await expect(cards.first()).toContainText('Modificación');
  expect(await seriousViolations(page)).toEqual([]);
  // Its one action sits on the card.
  await cards
    .first()
    .getByRole('button', { name: /^Ver cambios de Sucursal/ })
    .click();
  // Named as it was when the entry was written: the edit by its new name.
  const entry = page.getByRole('dialog', { name: `Cambios en Sucursal «${renamed}»` });
  await expect(entry.getByRole('rowheader', { name: 'Dirección' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
});

test('a failed load offers "Reintentar", and a range that ends before it starts is refused', async ({
  page,
}) => {
  let fail = true;
  await page.route('**/api/audit?*', (route) =>
    fail ? route.fulfill({ status: 502, body: '<html>Bad gateway</html>' }) : route.fallback(),
  );
  await openAsAdmin(page, '/audit');
  await expect(page.getByText('Error al cargar la auditoría')).toBeVisible({ timeout: 20_000 });
  fail = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByText('Error al cargar la auditoría')).toBeHidden();

  // Hasta before Desde: said under the field, and never sent.
  const filters = await openFilters(page);
  await filters.getByRole('textbox', { name: 'Desde' }).fill('10/11/2026');
  await filters.getByRole('textbox', { name: 'Desde' }).press('Tab');
  await expect(page).toHaveURL(/from=2026-11-10/);
  await filters.getByRole('textbox', { name: 'Hasta' }).fill('05/11/2026');
  await filters.getByRole('textbox', { name: 'Hasta' }).press('Tab');
  await expect(filters.getByText('La fecha debe ser desde el 10/11/2026')).toBeVisible();
  await expect(page).not.toHaveURL(/to=/);

  // The same range in a link: the server's Spanish refusal, with Reintentar.
  await page.goto('/audit?from=2026-11-10&to=2026-11-05');
  await expect(page.getByText('La fecha desde no puede ser posterior a la fecha hasta')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
});
