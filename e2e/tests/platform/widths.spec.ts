import { apiLogin, createPost, pngImage, unique } from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';
import { openAsAdmin } from '../../support/ui.ts';

// Issue 21: a cut list text. That every screen fits every window (1280, 1024, 768 and 390 px) is
// checked by every-screen.spec.ts, in the same walk as axe.

test('a cut text shows whole on hover and on keyboard focus, over the rows below without moving them', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const token = await apiLogin(request);
  const tag = unique();
  const content = `Texto largo ${tag}: ${'la reunión del sábado repasa precios, stock y entregas de cada sucursal. '.repeat(5)}Fin.`;
  await createPost(request, token, content, await pngImage('#0b6c72'));
  await openAsAdmin(page, `/posts?q=${encodeURIComponent(tag)}`);
  const row = page.locator('tbody tr[data-id]').filter({ hasText: `Texto largo ${tag}` });
  const text = row.locator('[data-clamped]');
  await expect(text).toHaveCount(1, { timeout: 20_000 });
  const cut = () => text.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
  expect(await cut()).toBe(true);
  const height = (await row.boundingBox())?.height;

  await text.hover();
  await expect.poll(cut).toBe(false);
  expect((await row.boundingBox())?.height).toBe(height);
  await page.mouse.move(0, 0);
  await expect.poll(cut).toBe(true);

  // The keyboard reaches it from the row's checkbox, and focus shows it whole too.
  await row.getByRole('checkbox').focus();
  for (let i = 0; i < 5 && !(await text.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(text).toBeFocused();
  await expect.poll(cut).toBe(false);
  expect((await row.boundingBox())?.height).toBe(height);
});
