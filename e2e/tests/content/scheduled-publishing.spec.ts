import type { Page } from '@playwright/test';
import { apiLogin, auth, createPost, DEMO_SELLER, pngImage, unique } from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';
import { newStoryDialog, openAsAdmin } from '../../support/ui.ts';

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

test('schedules a story: "Programada · …" in Historias, hidden from sellers, and "Programación" publishes it now', async ({
  page,
  request,
}) => {
  const title = `Historia del lunes ${unique()}`;
  await openAsAdmin(page, '/stories');
  await expect(page.getByRole('heading', { name: 'Historias', level: 1 })).toBeVisible();
  const dialog = await newStoryDialog(page, title, '#0ca678');
  await dialog.getByRole('checkbox', { name: 'Programar' }).check();
  await dialog.getByLabel('Fecha de publicación').fill('08/12/2036 08:00');
  // An end before it is published is refused in the dialog.
  await dialog.getByRole('textbox', { name: 'Fin (opcional)' }).fill('07/12/2036 08:00');
  await dialog.getByRole('button', { name: 'Programar' }).click();
  await expect(dialog.getByText('La fecha de fin debe ser posterior a la de publicación')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Fin (opcional)' }).fill('');
  await dialog.getByRole('button', { name: 'Programar' }).click();
  await expect(page.getByText('Historia creada correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByPlaceholder('Buscar por título...').fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Programada · lun 8 dic 2036, 08:00');
  const seller = auth(await apiLogin(request, DEMO_SELLER.email, DEMO_SELLER.password));
  const titles = async () =>
    (
      (await (await request.get('/api/app/stories?per_page=100', { headers: seller })).json()).data as {
        title: string;
      }[]
    ).map((s) => s.title);
  expect(await titles()).not.toContain(title);

  await row.getByRole('button', { name: `Cambiar la programación de «${title}»` }).click();
  const schedule = page.getByRole('dialog', { name: 'Programación de la historia' });
  await expect(schedule.getByLabel('Fecha de publicación')).toHaveValue('08/12/2036 08:00');
  await schedule.getByRole('checkbox', { name: 'Programar' }).uncheck();
  await schedule.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Programación actualizada correctamente')).toBeVisible();
  await expect(row).toContainText('Activa');
  await expect(row.getByRole('button', { name: /^Cambiar la programación de / })).toHaveCount(0);
  expect(await titles()).toContain(title);
});

test('schedules a survey: "Programada · …" on its card, and sellers do not list it until then', async ({
  page,
  request,
}) => {
  const title = `Encuesta del lunes ${unique()}`;
  await openAsAdmin(page, '/surveys');
  await expect(page.getByRole('heading', { name: 'Encuestas', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Encuesta' });
  await dialog.getByLabel('Título').fill(title);
  await dialog.getByTestId('survey-question').nth(0).getByLabel('Texto de la pregunta').fill('¿Cómo te fue?');
  await dialog.getByRole('checkbox', { name: 'Programar' }).check();
  await dialog.getByLabel('Fecha de publicación').fill('01/03/2021 08:00');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('La fecha de publicación debe ser posterior a este momento')).toBeVisible();
  await dialog.getByLabel('Fecha de publicación').fill('08/12/2036 08:00');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Encuesta creada')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Buscar encuestas' }).fill(title);
  const card = page.getByTestId('survey-card').filter({ hasText: title });
  await expect(card).toContainText('Programada · lun 8 dic 2036, 08:00');
  await expect(card).toContainText('No disponible');
  const seller = auth(await apiLogin(request, DEMO_SELLER.email, DEMO_SELLER.password));
  const listed = await request.get('/api/app/surveys?per_page=100', { headers: seller });
  expect(((await listed.json()).data as { title: string }[]).map((s) => s.title)).not.toContain(title);
});
