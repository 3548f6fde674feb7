import type { TAppStory } from '@panel/shared';
import { pngImage, unique } from '../../support/api.ts';
import { appGet, createStory, newSeller, openAppAs, swipe } from '../../support/community.ts';
import { expect, test } from '../../support/test.ts';

test('a story opens full screen with its progress bar, a tap goes on, a swipe down closes, and both are marked viewed', async ({
  page,
  request,
}) => {
  const { seller, admin } = await newSeller(request);
  const older = `Historia A ${unique()}`;
  const newer = `Historia B ${unique()}`;
  const a = await createStory(request, admin, older, await pngImage('#0b6c72', 540, 960));
  const b = await createStory(request, admin, newer, await pngImage('#c2410c', 540, 960));
  await openAppAs(page, seller);

  const row = page.getByRole('region', { name: 'Historias' });
  await row.getByRole('button', { name: `Historia: ${newer}` }).click();
  const viewer = page.getByRole('dialog', { name: new RegExp(`^Historia 1 de \\d+: ${newer}$`) });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByTestId('story-progress')).toBeVisible();
  await expect(viewer.getByRole('img', { name: newer })).toBeVisible();

  // A tap on the right side goes to the next story (the older one).
  const stage = viewer.getByTestId('story-stage');
  const box = (await stage.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width * 0.8, box.y + box.height / 2);
  await expect(
    page.getByRole('dialog', { name: new RegExp(`^Historia 2 de \\d+: ${older}$`) }),
  ).toBeVisible();

  // A swipe down closes it.
  await swipe(
    page,
    { x: box.x + box.width / 2, y: box.y + 100 },
    { x: box.x + box.width / 2, y: box.y + 400 },
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Both were marked viewed on the server, and the row shows them as seen.
  await expect
    .poll(async () => {
      const { data } = await appGet<{ data: TAppStory[] }>(
        request,
        seller.token,
        '/api/app/stories?per_page=100',
      );
      return data.filter((s) => s.id === a.id || s.id === b.id).map((s) => s.viewed_by_me);
    })
    .toEqual([true, true]);
  await expect(row.getByRole('button', { name: `Historia: ${newer} (vista)` })).toBeVisible();
});

test('a tap on the left goes back and Escape closes the viewer', async ({ page, request }) => {
  const { seller, admin } = await newSeller(request);
  const title = `Historia C ${unique()}`;
  await createStory(request, admin, title, await pngImage('#5b4bb7', 540, 960));
  await openAppAs(page, seller);
  await page.getByRole('button', { name: `Historia: ${title}` }).click();
  const first = page.getByRole('dialog', { name: new RegExp(`^Historia 1 de \\d+: ${title}$`) });
  await expect(first).toBeVisible();
  const box = (await first.getByTestId('story-stage').boundingBox())!;
  await page.touchscreen.tap(box.x + box.width * 0.8, box.y + box.height / 2);
  await expect(page.getByRole('dialog', { name: /^Historia 2 de/ })).toBeVisible();
  await page.touchscreen.tap(box.x + box.width * 0.1, box.y + box.height / 2);
  await expect(first).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
