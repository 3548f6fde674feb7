import type { TAppPost } from '@panel/shared';
import { MEDIA_MSG } from '@panel/shared';
import sharp from 'sharp';
import { pngImage, unique } from '../../support/api.ts';
import { appGet, newSeller, openAppAs } from '../../support/community.ts';
import { expect, test } from '../../support/test.ts';

test('posts with two photos from the gallery: made smaller in the browser, a progress bar, then first in the feed', async ({
  page,
  request,
}) => {
  const { seller } = await newSeller(request);
  const text = `Nueva exhibición ${unique()}`;
  await openAppAs(page, seller, 'publicar');
  await expect(page.getByRole('heading', { name: 'Publicar', level: 1 })).toBeVisible();
  // Two camera-sized photos (3000 × 2000): the app sends them at most 1600 px wide.
  await page.getByTestId('compose-gallery').setInputFiles([
    { name: 'gondola-1.png', mimeType: 'image/png', buffer: await pngImage('#1f959c', 3000, 2000) },
    { name: 'gondola-2.png', mimeType: 'image/png', buffer: await pngImage('#c2410c', 2000, 3000) },
  ]);
  await expect(page.getByRole('img', { name: /^Foto \d$/ })).toHaveCount(2);
  await page.getByLabel('Texto').fill(text);
  await expect(page.getByText(`${text.length}/500`)).toBeVisible();

  // A slow uplink (30 KB/s) so the progress bar is seen moving.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 30 * 1024,
  });
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  const bar = page.getByRole('progressbar', { name: 'Subiendo' });
  await expect(bar).toBeVisible();
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  await expect(page.getByRole('heading', { name: 'Comunidad', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Publicación creada', { exact: false })).toBeVisible();
  // Another spec may post to the same demo database meanwhile, so look for ours by its text.
  const ours = page.getByRole('article').filter({ hasText: text });
  await expect(ours).toHaveCount(1);
  await expect(ours.getByRole('img', { name: /Imagen \d de 2/ })).toHaveCount(2);

  // On the server: the seller's post in their branch, its images within 1600 px, as JPEG.
  // Other specs post to the same demo database at the same time, so find ours rather than take the newest.
  const feed = await appGet<{ data: TAppPost[] }>(request, seller.token, '/api/app/feed?per_page=50');
  const post = feed.data.find((p) => p.content === text && p.user_name === seller.user.name);
  expect(post, 'the post is in the feed').toBeDefined();
  if (!post) return;
  expect(post.branch_id).toBe(seller.user.branch_id);
  for (const image of post.images) {
    const res = await request.get(image.url);
    expect(res.status()).toBe(200);
    const meta = await sharp(await res.body()).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBe(1600);
  }
});

test('Publicar asks for a text and a photo, and allows five photos at most', async ({ page, request }) => {
  const { seller } = await newSeller(request);
  await openAppAs(page, seller, 'publicar');
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(page.getByText(MEDIA_MSG.contentRequired)).toBeVisible();
  await expect(page.getByText(MEDIA_MSG.imagesRequired)).toBeVisible();

  const six = await Promise.all(
    ['#111111', '#222222', '#333333', '#444444', '#555555', '#666666'].map(async (c, i) => ({
      name: `f${i}.png`,
      mimeType: 'image/png',
      buffer: await pngImage(c, 200, 200),
    })),
  );
  await page.getByTestId('compose-gallery').setInputFiles(six);
  await expect(page.getByText(MEDIA_MSG.tooManyImages)).toBeVisible();
  await expect(page.getByRole('img', { name: /^Foto \d$/ })).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Galería' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Quitar foto 5' }).click();
  await expect(page.getByRole('img', { name: /^Foto \d$/ })).toHaveCount(4);
});

test("a file the server refuses shows the server's message and keeps the draft", async ({
  page,
  request,
}) => {
  const { seller } = await newSeller(request);
  await openAppAs(page, seller, 'publicar');
  await page.getByLabel('Texto').fill('Esto no es una foto');
  // The browser cannot read it as an image, so it goes as it is and the server names the problem.
  await page.getByTestId('compose-gallery').setInputFiles([
    {
      name: 'falsa.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    },
  ]);
  await expect(page.getByRole('img', { name: 'Foto 1' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(MEDIA_MSG.notAnImage);
  await expect(page.getByLabel('Texto')).toHaveValue('Esto no es una foto');
});
