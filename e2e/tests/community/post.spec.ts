import type { TAppPost } from '@panel/shared';
import { APP_MSG } from '@panel/shared';
import { auth, pngImage, unique } from '../../support/api.ts';
import { appGet, createAppPost, newSeller, openAppAs } from '../../support/community.ts';
import { expect, test } from '../../support/test.ts';

test('Publicación shows the post and its comments newest last, older ones on request, and takes a comment', async ({
  page,
  request,
}) => {
  const { seller } = await newSeller(request);
  const text = `Con muchos comentarios ${unique()}`;
  const post = await createAppPost(request, seller.token, text, [await pngImage('#1f959c')]);
  // 22 comments: two pages of 20; the screen opens on the newest.
  for (let i = 1; i <= 22; i++) {
    const res = await request.post(`/api/app/posts/${post.id}/comments`, {
      headers: auth(seller.token),
      data: { content: `Comentario número ${i}` },
    });
    expect(res.status()).toBe(201);
  }
  // No service worker here (the project blocks it), so no takeover refetches the screen midway.
  await openAppAs(page, seller);
  await page
    .getByRole('article')
    .filter({ hasText: text })
    .getByRole('link', { name: /^\d+ comentarios?$/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Publicación', level: 1 })).toBeVisible();
  const comments = page.locator('.comments__list > li');
  await expect(comments).toHaveCount(2);
  await expect(comments.last()).toContainText('Comentario número 22');
  await page.getByRole('button', { name: 'Ver comentarios anteriores' }).click();
  await expect(comments).toHaveCount(22);
  await expect(comments.first()).toContainText('Comentario número 1');

  await page.getByLabel('Escribí un comentario').fill('  Muy bueno, lo pruebo mañana  ');
  await page.getByRole('button', { name: 'Enviar comentario' }).click();
  await expect(comments.last()).toContainText('Muy bueno, lo pruebo mañana');
  await expect(page.getByLabel('Escribí un comentario')).toHaveValue('');
  const { data } = await appGet<{ data: TAppPost }>(request, seller.token, `/api/app/posts/${post.id}`);
  expect(data.comments_count).toBe(23);
});

test('an empty comment is refused with the shared message, and a missing post says it does not exist', async ({
  page,
  request,
}) => {
  const { seller } = await newSeller(request);
  const post = await createAppPost(request, seller.token, 'Sin comentarios', [await pngImage('#c2410c')]);
  await openAppAs(page, seller, `publicacion/${post.id}`);
  await expect(page.getByText('Todavía no hay comentarios.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Enviar comentario' }).click();
  await expect(page.getByText(APP_MSG.commentRequired)).toBeVisible();

  await page.goto(`/comunidad/publicacion/999999999`);
  await expect(page.getByRole('alert')).toContainText(APP_MSG.postNotFound);
});
