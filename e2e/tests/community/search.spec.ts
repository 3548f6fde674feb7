import { expect, test } from '@playwright/test';
import { pngImage, unique } from '../../support/api.ts';
import { APP, createAppPost, newSeller, openAppAs } from '../../support/community.ts';

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
