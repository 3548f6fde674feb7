import type { Page } from '@playwright/test';
import { apiLogin, pngImage, unique } from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';
import { newStoryDialog, openAsAdmin } from '../../support/ui.ts';

// A wide desktop, where every column shows (with the selection column, Inicio and Creado por, 1600 px);
// at 1280 px every column of the specified table shows (the last test), and every-screen.spec.ts checks the
// narrower windows.
test.use({ viewport: { width: 1600, height: 900 } });

async function openStories(page: Page) {
  await openAsAdmin(page, '/stories');
  await expect(page.getByRole('heading', { name: 'Historias', level: 1 })).toBeVisible();
  await expect(page.getByText('Inicio / Historias')).toBeVisible();
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('creates a story with its image, sees it active for 24h, opens its viewers and deletes it', async ({
  page,
}) => {
  const title = `Lanzamiento ${unique()}`;
  await openStories(page);
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva historia' });
  await expect(dialog.getByLabel('Activa')).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Sucursal' })).toHaveValue('Todas las sucursales');
  await expect(dialog.getByText(/expiran automáticamente 24 horas/)).toBeVisible();

  await dialog.getByLabel('Título').fill(title);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Elegir imagen' }).click();
  await (await chooser).setFiles({
    name: 'historia.png',
    mimeType: 'image/png',
    buffer: await pngImage('#7048e8', 360, 640),
  });
  await expect(dialog.getByRole('img', { name: 'Vista previa de historia.png' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Historia creada correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByPlaceholder('Buscar por título...').fill(title);
  const created = row(page, title);
  await expect(created).toHaveCount(1);
  await expect(created).toContainText('24h');
  await expect(created).toContainText('Activa');
  await expect(created).toContainText('Todas');
  await expect(created).toContainText('Administrador Demo');
  await expect
    .poll(() => created.getByRole('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);

  await created.getByRole('button', { name: 'Ver usuarios' }).click();
  const viewers = page.getByRole('dialog', { name: `Vistas de «${title}»` });
  await expect(viewers.getByText('Nadie ha visto esta historia aún')).toBeVisible();
  await viewers.getByRole('button', { name: 'Cerrar' }).click();

  await created.getByRole('button', { name: 'Eliminar' }).click();
  await page
    .getByRole('dialog', { name: 'Eliminar historia' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(page.getByText('Historia eliminada correctamente')).toBeVisible();
  await expect(row(page, title)).toHaveCount(0);
});

test('lists who viewed a demo story', async ({ page }) => {
  await openStories(page);
  await page.getByPlaceholder('Buscar por título...').fill('Lanzamiento Multiuso');
  await row(page, 'Lanzamiento Multiuso').getByRole('button', { name: 'Ver usuarios' }).click();
  const viewers = page.getByRole('dialog', { name: 'Vistas de «Lanzamiento Multiuso»' });
  await expect(viewers.getByRole('listitem').first()).toBeVisible();
  expect(await viewers.getByRole('listitem').count()).toBeGreaterThan(2);
});

test('shows the required-field messages and refuses an end before the start', async ({ page, request }) => {
  await openStories(page);
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva historia' });
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('El título es obligatorio')).toBeVisible();
  await expect(dialog.getByText('Debes seleccionar una imagen')).toBeVisible();

  await dialog.getByLabel('Título').fill('Con fechas al revés');
  await dialog.getByRole('textbox', { name: 'Inicio (opcional)' }).fill('10/05/2030 10:00');
  await dialog.getByRole('textbox', { name: 'Fin (opcional)' }).fill('09/05/2030 10:00');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('La fecha de fin debe ser posterior a la de inicio')).toBeVisible();
  await expect(dialog).toBeVisible();

  // Nothing was saved.
  const token = await apiLogin(request);
  const res = await request.get('/api/stories?q=fechas', { headers: { Authorization: `Bearer ${token}` } });
  expect((await res.json()).meta.total).toBe(0);
});

test('a story that starts tomorrow shows its start and end, and "Inactiva · empieza …" in its row and card', async ({
  page,
}) => {
  const title = `Mañana ${unique()}`;
  // Tomorrow in the business time zone, day first.
  const [d, m, y] = new Intl.DateTimeFormat('es-AR', {
    timeZone: 'America/Argentina/Buenos_Aires',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  })
    .format(Date.now() + 86_400_000)
    .split('/');
  await openStories(page);
  const dialog = await newStoryDialog(page, title, '#2f9e44', 'manana.png');
  await dialog.getByRole('textbox', { name: 'Inicio (opcional)' }).fill(`${d}/${m}/${y} 09:30`);
  await dialog.getByRole('textbox', { name: 'Fin (opcional)' }).fill(`${d}/${m}/${y} 18:00`);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Historia creada correctamente')).toBeVisible({ timeout: 15_000 });

  await page.getByPlaceholder('Buscar por título...').fill(title);
  const created = row(page, title);
  await expect(created).toHaveCount(1);
  await expect(created).toContainText(`Inactiva · empieza ${d}-${m}-${y} 09:30`);
  await expect(created).toContainText(`${d}-${m}-${y} 09:30`);
  await expect(created).toContainText(`${d}-${m}-${y} 18:00`);
  await expect(page.getByRole('columnheader', { name: 'Inicio' })).toBeVisible();

  // On a phone the row is a card with the same status, its start and its end.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText(`Inactiva · empieza ${d}-${m}-${y} 09:30`);
  await expect(card).toContainText(new RegExp(`Inicio\\s*${d}-${m}-${y} 09:30`));
  await expect(card).toContainText(new RegExp(`Vence\\s*${d}-${m}-${y} 18:00`));
});

/** A day `days` from today in the business time zone, day first (dd, mm, yyyy). */
function dayFirst(days: number): [string, string, string] {
  const [d, m, y] = new Intl.DateTimeFormat('es-AR', {
    timeZone: 'America/Argentina/Buenos_Aires',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  })
    .format(Date.now() + days * 86_400_000)
    .split('/');
  return [d!, m!, y!];
}

test('a story that starts next week without an end lasts 24 h from its start ("empieza …", never "vence antes de empezar"), and an end already past is refused', async ({
  page,
  request,
}) => {
  const title = `Semana próxima ${unique()}`;
  const [d, m, y] = dayFirst(7);
  await openStories(page);
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva historia' });
  await expect(dialog.getByText(/24 horas después de su inicio/)).toBeVisible();
  await dialog.getByLabel('Título').fill(title);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Elegir imagen' }).click();
  await (await chooser).setFiles({
    name: 'semana.png',
    mimeType: 'image/png',
    buffer: await pngImage('#e8590c', 360, 640),
  });
  await dialog.getByRole('textbox', { name: 'Inicio (opcional)' }).fill(`${d}/${m}/${y} 09:30`);
  await expect(dialog.getByText('24 horas después del inicio')).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Historia creada correctamente')).toBeVisible({ timeout: 15_000 });

  await page.getByPlaceholder('Buscar por título...').fill(title);
  const created = row(page, title);
  await expect(created).toHaveCount(1);
  await expect(created).toContainText(`Inactiva · empieza ${d}-${m}-${y} 09:30`);
  await expect(created).not.toContainText('vence antes de empezar');
  await expect(created).toContainText('24h');
  const token = await apiLogin(request);
  const res = await request.get(`/api/stories?q=${encodeURIComponent(title)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const [story] = (await res.json()).data as { starts_at: string; expires_at: string }[];
  expect(story!.starts_at).toBe(new Date(`${y}-${m}-${d}T09:30:00-03:00`).toISOString());
  expect(Date.parse(story!.expires_at) - Date.parse(story!.starts_at)).toBe(24 * 60 * 60 * 1000);

  // An end that has passed already: refused under Fin, and nothing is sent.
  const [yd, ym, yy] = dayFirst(-1);
  await newStoryDialog(page, `Ya vencida ${unique()}`, '#495057', 'ayer.png');
  const end = dialog.getByRole('textbox', { name: 'Fin (opcional)' });
  await end.fill(`${yd}/${ym}/${yy} 10:00`);
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/stories') posted++;
  });
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('La fecha de fin debe ser posterior a este momento')).toBeVisible();
  await expect(end).toBeFocused();
  await expect(dialog).toBeVisible();
  expect(posted).toBe(0);
});

test.describe('at 1280 px with the menu open', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every column and button of the specified table shows; "Creado por" and Inicio give way first (issue 28, item 12)', async ({
    page,
  }) => {
    await openStories(page);
    const first = page.locator('tbody tr').first();
    await expect(first).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('navigation').first()).toBeVisible();
    for (const name of ['Vista previa', 'Título', 'Creado', 'Vence', 'Estado', 'Sucursal', 'Acciones'])
      await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
    await expect(first.getByRole('button', { name: /^Ver usuarios/ })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Creado por', exact: true })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  });
});
