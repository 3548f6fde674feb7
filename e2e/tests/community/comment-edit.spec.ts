import type { TAppPost } from '@panel/shared';
import { APP_MSG } from '@panel/shared';
import { auth, pngImage, unique } from '../../support/api.ts';
import { appGet, createAppPost, desktopContext, newSeller, openAppAs } from '../../support/community.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

test('a seller edits and deletes their own comment (marked "editado"; the app’s and the panel’s counts follow), and cannot touch another’s', async ({
  page,
  browser,
  request,
}) => {
  const { seller } = await newSeller(request);
  const { seller: other } = await newSeller(request);
  const text = `Para comentar ${unique()}`;
  const post = await createAppPost(request, seller.token, text, [await pngImage('#1f959c')]);
  for (const [token, content] of [
    [other.token, 'Comentario de otra persona'],
    [seller.token, 'Mi comentario con eror'],
  ] as const) {
    const res = await request.post(`/api/app/posts/${post.id}/comments`, {
      headers: auth(token),
      data: { content },
    });
    expect(res.status()).toBe(201);
  }
  await openAppAs(page, seller, `publicacion/${post.id}`);
  const comments = page.locator('.comments__list > li');
  await expect(comments).toHaveCount(2);
  const theirs = comments.filter({ hasText: 'Comentario de otra persona' });
  await expect(theirs.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: 'Borrar' })).toHaveCount(0);

  const mine = comments.filter({ hasText: 'Vos' });
  await mine.getByRole('button', { name: 'Editar' }).click();
  const field = mine.getByLabel('Editar tu comentario');
  await field.fill('   ');
  await mine.getByRole('button', { name: 'Guardar' }).click();
  await expect(mine.getByRole('alert')).toHaveText(APP_MSG.commentRequired);
  await field.fill('Mi comentario corregido');
  await mine.getByRole('button', { name: 'Guardar' }).click();
  await expect(mine).toContainText('Mi comentario corregido');
  await expect(mine).toContainText('editado');

  await mine.getByRole('button', { name: 'Borrar' }).click();
  await mine
    .getByRole('group', { name: '¿Borrar este comentario?' })
    .getByRole('button', { name: 'Borrar' })
    .click();
  await expect(comments).toHaveCount(1);
  await expect(comments.first()).toContainText('Comentario de otra persona');
  const { data } = await appGet<{ data: TAppPost }>(request, seller.token, `/api/app/posts/${post.id}`);
  expect(data.comments_count).toBe(1);
  // Inicio's card follows.
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(
    page
      .getByRole('article')
      .filter({ hasText: text })
      .getByRole('link', { name: '1 comentario', exact: true }),
  ).toBeVisible();

  // The panel's count follows too: an administrator's post list, on a desktop.
  const desk = await desktopContext(browser);
  try {
    const panel = await desk.newPage();
    await openAsAdmin(panel, '/posts');
    await panel.getByPlaceholder('Buscar por contenido...').fill(text);
    const row = panel.getByRole('row').filter({ hasText: text });
    await row.getByRole('button', { name: 'Ver los 1 comentarios' }).click();
    const dialog = panel.getByRole('dialog', { name: 'Comentarios (1)' });
    await expect(dialog).toContainText('Comentario de otra persona');
    await expect(dialog).not.toContainText('Mi comentario');
  } finally {
    await desk.close();
  }
});

test('an edit the server cannot receive says so and keeps the text as it was', async ({
  page,
  context,
  request,
}) => {
  const { seller } = await newSeller(request);
  const post = await createAppPost(request, seller.token, 'Sin señal al editar', [await pngImage('#c2410c')]);
  const res = await request.post(`/api/app/posts/${post.id}/comments`, {
    headers: auth(seller.token),
    data: { content: 'Texto original' },
  });
  expect(res.status()).toBe(201);
  await openAppAs(page, seller, `publicacion/${post.id}`);
  const mine = page.locator('.comments__list > li').filter({ hasText: 'Vos' });
  await expect(mine).toContainText('Texto original');
  await mine.getByRole('button', { name: 'Editar' }).click();
  await mine.getByLabel('Editar tu comentario').fill('Texto nuevo');
  await context.route('**/api/app/comments/*', (route) => route.abort('internetdisconnected'));
  await mine.getByRole('button', { name: 'Guardar' }).click();
  await expect(mine.getByRole('alert')).toContainText('Sin conexión');
  await mine.getByRole('button', { name: 'Cancelar' }).click();
  await expect(mine).toContainText('Texto original');
  const list = await appGet<{ data: { content: string }[] }>(
    request,
    seller.token,
    `/api/app/posts/${post.id}/comments`,
  );
  expect(list.data.map((c) => c.content)).toEqual(['Texto original']);
});

test('a delete the server refuses says so and keeps the comment and the counts', async ({
  page,
  request,
}) => {
  const { seller } = await newSeller(request);
  const post = await createAppPost(request, seller.token, `Borrado fallido ${unique()}`, [
    await pngImage('#2f7d32'),
  ]);
  const res = await request.post(`/api/app/posts/${post.id}/comments`, {
    headers: auth(seller.token),
    data: { content: 'Queda donde estaba' },
  });
  expect(res.status()).toBe(201);
  // The project blocks the service worker, so the page's own route answers the call.
  await page.route('**/api/app/comments/*', (route) =>
    route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
  );
  await openAppAs(page, seller, `publicacion/${post.id}`);
  const comments = page.locator('.comments__list > li');
  const mine = comments.filter({ hasText: 'Vos' });
  await mine.getByRole('button', { name: 'Borrar' }).click();
  await mine
    .getByRole('group', { name: '¿Borrar este comentario?' })
    .getByRole('button', { name: 'Borrar' })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: 'No se pudo borrar el comentario' })).toBeVisible();
  await expect(comments).toHaveCount(1);
  await expect(mine).toContainText('Queda donde estaba');
  await expect(mine.getByRole('button', { name: 'Borrar' })).toBeEnabled();
  const { data } = await appGet<{ data: TAppPost }>(request, seller.token, `/api/app/posts/${post.id}`);
  expect(data.comments_count).toBe(1);
});
