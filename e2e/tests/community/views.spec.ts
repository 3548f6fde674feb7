import type { TPostReach } from '@panel/shared';
import { apiGet, createPost, pngImage, unique } from '../../support/api.ts';
import { desktopContext, newSeller, openAppAs, sellerOnNewBranch } from '../../support/community.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

test('a post half on screen for a second in the feed counts as seen: the panel shows "Vista por 1 de 2", who saw it and, under "No vieron", who has not', async ({
  browser,
  page,
  request,
}) => {
  // A branch of its own, so its audience is exactly these two sellers.
  const { seller, admin, branch } = await sellerOnNewBranch(request);
  const { seller: other } = await newSeller(request, { branchId: branch.id });
  const text = `Vidriera renovada ${unique()}`;
  const post = await createPost(request, admin, text, await pngImage('#0b6c72', 480, 360), branch.id);
  const reach = async () =>
    (await apiGet<{ data: TPostReach }>(request, admin, `/api/posts/${post.id}/reach`)).data;
  expect(await reach()).toMatchObject({ seen: 0, audience: 2 });

  await openAppAs(page, seller);
  const card = page.getByRole('article').filter({ hasText: text });
  await card.scrollIntoViewIfNeeded();
  await expect(card).toBeVisible();
  // On screen for more than a second, then sent with the next batch (every 5 s).
  await expect.poll(async () => (await reach()).seen, { timeout: 15_000 }).toBe(1);
  expect(await reach()).toEqual({
    seen: 1,
    audience: 2,
    by_branch: [{ branch_id: branch.id, branch_name: branch.name, seen: 1, audience: 2 }],
  });

  const desk = await desktopContext(browser);
  const panel = await desk.newPage();
  await openAsAdmin(panel, '/posts');
  await panel.getByPlaceholder('Buscar por contenido...').fill(text);
  const row = panel.getByRole('row').filter({ hasText: text });
  await expect(row).toContainText('Vista por 1 de 2', { timeout: 15_000 });
  await row.getByRole('button', { name: 'Vista por 1 de 2: ver quiénes la vieron' }).click();
  const dialog = panel.getByRole('dialog', { name: /^Vista por 1 de 2/ });
  await expect(dialog.getByText(seller.user.name)).toBeVisible();
  await expect(dialog.getByText(other.user.name)).toHaveCount(0);
  await dialog.getByText('No vieron', { exact: true }).click();
  await expect(dialog.getByText(other.user.name)).toBeVisible();
  await expect(dialog.getByText(seller.user.name)).toHaveCount(0);
  await desk.close();
});
