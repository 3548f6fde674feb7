import AxeBuilder from '@axe-core/playwright';
import type { TAppPost } from '@panel/shared';
import type { Page } from '@playwright/test';
import { answerJson } from '../../support/answers.ts';
import { createPost, pngImage, unique } from '../../support/api.ts';
import { appGet, createAppPost, newSeller, openAppAs, sellerOnNewBranch } from '../../support/community.ts';
import { expect, test } from '../../support/test.ts';

test('Inicio shows the feed newest first with author, branch and time ago, and loads more as it scrolls', async ({
  page,
  request,
}) => {
  // A branch of its own: its filler, posted for every branch, came first in every other test's feed and
  // pushed their posts off Inicio's first page of 5 (comment-edit.spec's post once).
  const { seller, admin, branch } = await sellerOnNewBranch(request);
  // More than two pages (5, then 20) of posts visible to this seller; the filler comes from the panel (a
  // seller may publish 10 posts in 10 minutes, RATE_LIMIT_POSTS), for the seller's branch.
  const visible = await appGet<{ data: TAppPost[] }>(request, seller.token, '/api/app/feed?per_page=50');
  for (let i = visible.data.length; i < 27; i++) {
    await createPost(request, admin, `Relleno ${i}`, await pngImage('#9dd6da', 64, 48), branch.id);
  }
  const mine = await createAppPost(request, seller.token, 'Recién llegada la promo de invierno', [
    await pngImage('#1f959c'),
  ]);
  await openAppAs(page, seller);
  const posts = page.getByRole('article');
  // Another spec may post to the same demo database meanwhile, so find ours by its text.
  const first = posts.filter({ hasText: 'Recién llegada la promo de invierno' });
  await expect(first).toHaveCount(1);
  await expect(first).toContainText(seller.user.name);
  await expect(first).toContainText(seller.user.branch_name!);
  await expect(first.locator('time')).toHaveText('recién');
  await expect(first.getByRole('region', { name: /Imágenes de/ }).getByRole('img')).toHaveCount(1);

  // The first page holds 5 (apps/community/src/lib/early.ts, FEED_FIRST_PAGE), the next ones the API's 20:
  // scrolling to the end brings them (the demo has more).
  const feed = await appGet<{ data: TAppPost[]; meta: { next_cursor: string | null } }>(
    request,
    seller.token,
    '/api/app/feed',
  );
  expect(feed.data.some((p) => p.id === mine.id)).toBe(true);
  const times = feed.data.map((p) => Date.parse(p.created_at));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  expect(feed.meta.next_cursor).not.toBeNull();
  await expect(posts).toHaveCount(5);
  await posts.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => posts.count(), { timeout: 20_000 }).toBe(25);
  await posts.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => posts.count(), { timeout: 20_000 }).toBeGreaterThan(25);
});

test('likes and unlikes a post: the count changes and the server agrees', async ({ page, request }) => {
  const { seller } = await newSeller(request);
  const post = await createAppPost(request, seller.token, 'Para darle me gusta', [await pngImage('#c2410c')]);
  await openAppAs(page, seller);
  const card = page.getByRole('article').filter({ hasText: 'Para darle me gusta' });
  // Named by what it shows, the count and "me gusta"; pressed when the seller's like is on.
  const like = card.getByRole('button', { name: '0 me gusta', exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  const unlike = card.getByRole('button', { name: '1 me gusta', exact: true });
  await expect(unlike).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(
      async () => (await appGet<{ data: TAppPost }>(request, seller.token, `/api/app/posts/${post.id}`)).data,
    )
    .toMatchObject({ liked_by_me: true, likes_count: 1 });
  await unlike.click();
  await expect(card.getByRole('button', { name: '0 me gusta', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect
    .poll(
      async () => (await appGet<{ data: TAppPost }>(request, seller.token, `/api/app/posts/${post.id}`)).data,
    )
    .toMatchObject({ liked_by_me: false, likes_count: 0 });
});

/**
 * axe's label-content-name-mismatch (WCAG 2.5.3, among axe's experimental rules, so asked for by name) and
 * the WCAG A/AA rules, serious or critical, in the screen's main part.
 */
async function nameProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .withRules(['label-content-name-mismatch'])
    .analyze();
  return results.violations
    .filter(
      (v) => v.id === 'label-content-name-mismatch' || v.impact === 'serious' || v.impact === 'critical',
    )
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

test('the like and comment controls are named by what they show ("1 me gusta", "1 comentario"), on Inicio and on the post', async ({
  page,
  request,
}) => {
  const { seller } = await newSeller(request);
  const text = `Con nombre visible ${unique()}`;
  const post = await createAppPost(request, seller.token, text, [await pngImage('#1f959c')]);
  const headers = { Authorization: `Bearer ${seller.token}` };
  expect((await request.post(`/api/app/posts/${post.id}/like`, { headers })).ok()).toBe(true);
  const comment = await request.post(`/api/app/posts/${post.id}/comments`, {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: { content: 'Buenísimo' },
  });
  expect(comment.ok(), await comment.text()).toBe(true);

  await openAppAs(page, seller);
  const card = page.getByRole('article').filter({ hasText: text });
  await expect(card.getByRole('button', { name: '1 me gusta', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const comments = card.getByRole('link', { name: '1 comentario', exact: true });
  await expect(comments).toBeVisible();
  expect(await nameProblems(page)).toEqual([]);

  await comments.click();
  await expect(page.getByRole('heading', { name: 'Publicación', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '1 me gusta', exact: true })).toBeVisible();
  await expect(page.getByText('Buenísimo')).toBeVisible();
  expect(await nameProblems(page)).toEqual([]);
});

test('a post with several images swipes sideways through its gallery, thumbnails first', async ({
  page,
  request,
}) => {
  const { seller } = await newSeller(request);
  const text = `Tres fotos de la góndola ${unique()}`;
  const post = await createAppPost(request, seller.token, text, [
    await pngImage('#1f959c', 900, 600),
    await pngImage('#c2410c', 900, 600),
    await pngImage('#5b4bb7', 900, 600),
  ]);
  await openAppAs(page, seller);
  const card = page.getByRole('article').filter({ hasText: text });
  const images = card.getByRole('img', { name: /Imagen \d de 3/ });
  await expect(images).toHaveCount(3);
  // The thumbnail (WebP, about 320 px, made with the upload) shows first; the full image replaces it
  // once the image is near the screen and loaded (components/gallery.tsx). Posts that other tests add
  // meanwhile come first in the feed and can push this one out of reach: the thumbnail then stayed.
  const first = images.first();
  await first.scrollIntoViewIfNeeded();
  await expect(first).toHaveAttribute(
    'src',
    new RegExp(post.images[0]!.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  );
  const track = card.getByRole('region', { name: /Imágenes de/ });
  await card.getByRole('button', { name: 'Ver imagen 3 de 3' }).click();
  await expect(card.getByRole('button', { name: 'Ver imagen 3 de 3' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(300);
  // A finger swipe (touch scrolling) moves between them too.
  await track.evaluate((el) => el.scrollTo({ left: 0 }));
  await expect(card.getByRole('button', { name: 'Ver imagen 1 de 3' })).toHaveAttribute(
    'aria-current',
    'true',
  );
});

test.describe('without the service worker (so the test can answer the calls)', () => {
  test.use({ serviceWorkers: 'block' });

  test("Inicio's first calls go out while the app loads, each once, and its first image is preloaded", async ({
    page,
    request,
  }) => {
    const { seller } = await newSeller(request);
    await createAppPost(request, seller.token, 'Con foto para la primera pintura', [
      await pngImage('#0b6c72'),
    ]);
    const calls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/app/')) calls.push(`${url.pathname}${url.search}`);
    });
    const firstPage = answerJson<{ data: TAppPost[] }>(page, (url) =>
      url.href.endsWith('/api/app/feed?per_page=5'),
    );
    await openAppAs(page, seller);
    const { data } = await firstPage;
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // boot.ts sent them before the app ran; the app took their answers instead of asking again.
    expect(calls.filter((c) => c === '/api/app/feed?per_page=5')).toHaveLength(1);
    expect(calls.filter((c) => c.startsWith('/api/app/stories'))).toHaveLength(1);
    expect(calls.filter((c) => c === '/api/app/notifications/unread-count')).toHaveLength(1);
    const thumb = data[0]?.images[0]?.thumb_url;
    await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(thumb ? 1 : 0);
    if (thumb) await expect(page.locator('link[rel="preload"][as="image"]')).toHaveAttribute('href', thumb);
  });

  test('a feed that fails to load says so and retries', async ({ page, request }) => {
    const { seller } = await newSeller(request);
    let fail = true;
    await page.route('**/api/app/feed*', (route) =>
      fail
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Error interno"}' })
        : route.continue(),
    );
    await openAppAs(page, seller);
    await expect(page.getByRole('alert')).toContainText('Error interno');
    fail = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('a failure without a server message shows "Error al cargar posts"', async ({ page, request }) => {
    const { seller } = await newSeller(request);
    await page.route('**/api/app/feed*', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await openAppAs(page, seller);
    await expect(page.getByRole('alert')).toContainText('Error al cargar posts');
  });
});
