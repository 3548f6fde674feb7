import { createPost, pngImage, unique } from '../../support/api.ts';
import { APP, createAppPost, newSeller, openAppAs, sellerOnNewBranch } from '../../support/community.ts';
import { expect, test } from '../../support/test.ts';

test('Buscar, from Inicio, finds posts by text and by author without accents, and says when nothing matches', async ({
  page,
  request,
}) => {
  const { seller } = await newSeller(request);
  const word = `Lavandína${unique()}`;
  await createAppPost(request, seller.token, `Oferta de ${word} concentrada`, [await pngImage('#1f959c')]);
  await createAppPost(request, seller.token, 'Otra publicación que no coincide', [await pngImage('#c2410c')]);

  await openAppAs(page, seller);
  await page.getByRole('link', { name: 'Buscar publicaciones' }).click();
  await expect(page.getByRole('heading', { name: 'Buscar', level: 1 })).toBeVisible();
  // Inicio stays the current tab.
  await expect(
    page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Inicio' }),
  ).toHaveAttribute('aria-current', 'page');
  const box = page.getByRole('searchbox', { name: 'Buscar publicaciones' });
  // Upper case and without the accent: the server folds both.
  await box.fill(word.toUpperCase().replace('Í', 'I'));
  const results = page.getByRole('article');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText(`Oferta de ${word} concentrada`);
  await expect(page).toHaveURL(/\/comunidad\/buscar\?q=/);

  // By author: the seller's name, in lower case.
  await box.fill(seller.user.name.toLowerCase());
  await expect(results.filter({ hasText: 'Otra publicación que no coincide' })).toHaveCount(1);
  await expect(results.filter({ hasText: word })).toHaveCount(1);

  await box.fill(`nada-${unique()}`);
  await expect(page.getByText(/No hay publicaciones que coincidan con/)).toBeVisible();
  await expect(results).toHaveCount(0);
});

test('search results page: scrolling to the end loads the matching posts past the first page, and only those', async ({
  page,
  request,
}) => {
  // A branch of its own: its 24 posts would otherwise come first in every other test's feed, pushing
  // their own posts off the feed's first page (refresh.spec's "Sin conexión" once missed its post).
  const { seller, admin, branch } = await sellerOnNewBranch(request);
  // More matches than one page (the API's 20, APP_FEED_PER_PAGE); the filler comes from the panel (a
  // seller may publish 10 posts in 10 minutes, RATE_LIMIT_POSTS), for the seller's branch.
  const word = `Paginada${unique()}`;
  const total = 23;
  const image = await pngImage('#9dd6da', 64, 48);
  for (let i = 0; i < total; i++)
    await createPost(request, admin, `Promo ${word} número ${i}.`, image, branch.id);
  // Newer than all of them and not matching: it must not slip into the results.
  await createPost(request, admin, `Sin la palabra ${unique()}`, image, branch.id);

  await openAppAs(page, seller, `buscar?q=${word}`);
  const results = page.getByRole('article');
  await expect(results).toHaveCount(20);
  await expect(page.getByText('No hay más publicaciones.')).toHaveCount(0);
  await results.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect(results).toHaveCount(total);
  await expect(page.getByText('No hay más publicaciones.')).toBeVisible();
  const texts = await results.allTextContents();
  expect(texts.every((t) => t.includes(`Promo ${word} número `))).toBe(true);
  // Each one once, newest first: the second page follows the first without repeating or skipping any.
  const numbers = texts.map((t) => Number(t.match(new RegExp(`${word} número (\\d+)\\.`))?.[1]));
  expect(numbers).toEqual(Array.from({ length: total }, (_, i) => total - 1 - i));
});

test.describe('without the service worker (so the test can answer the calls)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a search that fails says "Error al cargar posts", as the feed, and retries', async ({
    page,
    request,
  }) => {
    const { seller } = await newSeller(request);
    let fail = true;
    await page.route('**/api/app/feed?*q=*', (route) =>
      fail ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await openAppAs(page, seller, 'buscar?q=oferta');
    await expect(page.getByRole('searchbox', { name: 'Buscar publicaciones' })).toHaveValue('oferta');
    await expect(page.getByRole('alert')).toContainText('Error al cargar posts');
    fail = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(page.url()).toContain(`${APP}buscar`);
  });
});
