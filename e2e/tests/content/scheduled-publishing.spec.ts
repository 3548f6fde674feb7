import type { Page } from '@playwright/test';
import { apiLogin, auth, DEMO_SELLER, pngImage, unique } from '../../support/api.ts';
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
