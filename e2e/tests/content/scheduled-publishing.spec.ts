import type { Page } from '@playwright/test';
import { apiLogin, auth, createPost, DEMO_SELLER, pngImage, unique } from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

// Scheduled publishing (docs/product.md#scheduled-publishing): "Programar" in Nueva publicación, the
// list's "Programada · …" label, and the Spanish refusal of a time already past.
test.use({ viewport: { width: 1280, height: 900 } });

async function newPost(page: Page, content: string) {
  await openAsAdmin(page, '/posts');
  await expect(page.getByRole('heading', { name: 'Publicaciones', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva publicación' });
  await dialog.getByLabel('Contenido').fill(content);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Agregar imágenes' }).click();
  await (await chooser).setFiles([
    { name: 'anuncio.png', mimeType: 'image/png', buffer: await pngImage('#9c36b5') },
  ]);
  await expect(dialog.getByRole('img', { name: /Vista previa de/ })).toHaveCount(1);
  await dialog.getByRole('checkbox', { name: 'Programar' }).check();
  return dialog;
}

test('schedules a post: the list shows "Programada · lun 8 dic 2036, 08:00" and sellers do not see it yet', async ({
  page,
  request,
}) => {
  const content = `Anuncio del lunes ${unique()}`;
  const dialog = await newPost(page, content);
  await dialog.getByLabel('Fecha de publicación').fill('08/12/2036 08:00');
  await expect(dialog.getByText(/lunes 8 de diciembre.*08:00/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Programar' }).click();
  await expect(page.getByText('Publicación creada correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByPlaceholder('Buscar por contenido...').fill(content);
  const row = page.getByRole('row').filter({ hasText: content });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Programada · lun 8 dic 2036, 08:00');

  // The seller's feed does not have it (the instant the API kept is 08:00 in Buenos Aires).
  const token = await apiLogin(request, DEMO_SELLER.email, DEMO_SELLER.password);
  const feed = await request.get(`/api/app/feed?q=${encodeURIComponent(content)}`, { headers: auth(token) });
  expect((await feed.json()).data).toEqual([]);
  const admin = await request.get(`/api/posts?q=${encodeURIComponent(content)}`, {
    headers: auth(await apiLogin(request)),
  });
  expect((await admin.json()).data[0].publish_at).toBe('2036-12-08T11:00:00.000Z');
});

test('refuses a time already past with "La fecha de publicación debe ser posterior a este momento"', async ({
  page,
}) => {
  const dialog = await newPost(page, `Anuncio tardío ${unique()}`);
  await dialog.getByLabel('Fecha de publicación').fill('01/03/2021 08:00');
  await dialog.getByRole('button', { name: 'Programar' }).click();
  await expect(dialog.getByText('La fecha de publicación debe ser posterior a este momento')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('"Programación" moves a scheduled post to another time, and unticked publishes it now', async ({
  page,
  request,
}) => {
  const content = `Anuncio movible ${unique()}`;
  await createPost(
    request,
    await apiLogin(request),
    content,
    await pngImage('#1c7ed6'),
    0,
    '2036-12-08T11:00:00.000Z',
  );
  await openAsAdmin(page, `/posts?q=${encodeURIComponent(content)}`);
  const row = page.getByRole('row').filter({ hasText: content });
  await expect(row).toContainText('Programada · lun 8 dic 2036, 08:00');

  await row.getByRole('button', { name: /^Cambiar la programación de / }).click();
  const dialog = page.getByRole('dialog', { name: 'Programación de la publicación' });
  await expect(dialog.getByRole('checkbox', { name: 'Programar' })).toBeChecked();
  await expect(dialog.getByLabel('Fecha de publicación')).toHaveValue('08/12/2036 08:00');
  // A time already past is refused in the dialog, and nothing is sent.
  await dialog.getByLabel('Fecha de publicación').fill('01/03/2021 08:00');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('La fecha de publicación debe ser posterior a este momento')).toBeVisible();
  await dialog.getByLabel('Fecha de publicación').fill('09/12/2036 10:30');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Programación actualizada correctamente')).toBeVisible();
  await expect(row).toContainText('Programada · mar 9 dic 2036, 10:30');

  // Unticked: published on saving; the row shows its reach instead, and it has no "Programación" any more.
  await row.getByRole('button', { name: /^Cambiar la programación de / }).click();
  await dialog.getByRole('checkbox', { name: 'Programar' }).uncheck();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(/Vista por \d+ de \d+/);
  await expect(row.getByRole('button', { name: /^Cambiar la programación de / })).toHaveCount(0);
  const token = await apiLogin(request, DEMO_SELLER.email, DEMO_SELLER.password);
  const feed = await request.get(`/api/app/feed?q=${encodeURIComponent(content)}`, { headers: auth(token) });
  expect(((await feed.json()).data as { content: string }[]).map((p) => p.content)).toEqual([content]);
});
