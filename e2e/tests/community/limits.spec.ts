import { auth, pngImage, unique } from '../../support/api.ts';
import { createAppPost, newSeller, openAppAs } from '../../support/community.ts';
import { expect, test } from '../../support/test.ts';

// Issue 20, item 11: beyond the account's limit the server answers a Spanish 429, and the app shows
// it where the post or comment was being sent, keeping what the seller wrote. The server's own
// defaults (posts 10 per 10 minutes, comments 30 per minute) are used up through the API first.

test('a comment beyond the limit shows the server’s message under the box and keeps the text', async ({
  page,
  request,
}) => {
  const { seller } = await newSeller(request);
  const post = await createAppPost(request, seller.token, `Muy comentada ${unique()}`, [
    await pngImage('#1f959c'),
  ]);
  await openAppAs(page, seller, `publicacion/${post.id}`);
  await expect(page.getByRole('heading', { name: 'Publicación', level: 1 })).toBeVisible();
  // The minute's 30 comments, sent just before the seller writes one more.
  const sent = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      request.post(`/api/app/posts/${post.id}/comments`, {
        headers: { ...auth(seller.token), 'Idempotency-Key': `limite-${i}-${unique()}` },
        data: { content: `Comentario ${i + 1}` },
      }),
    ),
  );
  expect(sent.map((r) => r.status())).toEqual(Array(30).fill(201));

  const box = page.getByLabel('Escribí un comentario');
  await box.fill('Uno más, por favor');
  await page.getByRole('button', { name: 'Enviar comentario' }).click();
  await expect(page.locator('#comment-error')).toHaveText(
    /^Comentaste muchas veces seguidas\. Vas a poder comentar de nuevo en \d+ segundos\.$/,
  );
  await expect(box).toHaveValue('Uno más, por favor');
  // Not queued as if offline.
  await expect(page.getByText('Sin conexión', { exact: false })).toHaveCount(0);
});

test('a post beyond the limit shows the server’s message on Publicar and keeps the text', async ({
  page,
  request,
}) => {
  const { seller } = await newSeller(request);
  for (let i = 0; i < 10; i++) {
    await createAppPost(request, seller.token, `Ráfaga ${i + 1} ${unique()}`, [
      await pngImage('#9dd6da', 64, 48),
    ]);
  }
  await openAppAs(page, seller, 'publicar');
  await expect(page.getByRole('heading', { name: 'Publicar', level: 1 })).toBeVisible();
  await page
    .getByTestId('compose-gallery')
    .setInputFiles([
      { name: 'gondola.png', mimeType: 'image/png', buffer: await pngImage('#c2410c', 640, 480) },
    ]);
  await page.getByLabel('Texto').fill('La undécima');
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Publicaste' })).toHaveText(
    /^Publicaste muchas veces seguidas\. Vas a poder publicar de nuevo en \d+ minutos\.$/,
  );
  await expect(page.getByLabel('Texto')).toHaveValue('La undécima');
});
