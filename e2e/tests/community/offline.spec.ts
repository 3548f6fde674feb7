import type { TAppCommentItem, TAppPost, TAppSurvey } from '@panel/shared';
import type { Page } from '@playwright/test';
import { auth, pngImage, unique } from '../../support/api.ts';
import {
  APP,
  appCalls,
  appGet,
  createAppPost,
  createFourTypeSurvey,
  newSeller,
  openAppAs,
  sellerOnNewBranch,
  setNetwork,
  waitForServiceWorker,
} from '../../support/community.ts';
import { expect, test } from '../../support/test.ts';

// Offline reading and the queued writes live in the service worker (the project blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** The paths of the /api/app/* answers the service worker has saved. */
const savedAnswers = (page: Page) =>
  page.evaluate(async () =>
    (await (await caches.open('comunidad-api')).keys()).map((r) => new URL(r.url).pathname),
  );

/** Goes to a screen inside the app (the client router), as a tap on a link would. */
async function visit(page: Page, path: string) {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `${APP}${path}`);
}

test('offline: the last screens stay readable, and a like, a comment and a survey answer wait and are sent once on reconnect', async ({
  page,
  context,
  request,
}) => {
  // A branch of its own: posts for the first branch from the tests running beside it would push its
  // post off the feed's first page (it failed so once, beside five other specs).
  const { seller, admin } = await sellerOnNewBranch(request);
  const text = `Sin señal ${unique()}`;
  const post = await createAppPost(request, seller.token, text, [await pngImage('#1f959c')]);
  const surveyTitle = `Offline ${unique()}`;
  const survey = await createFourTypeSurvey(request, admin, surveyTitle, 15);

  // Online once: the app is installed (service worker) and each screen's last answer is saved.
  const calls = appCalls(page);
  await openAppAs(page, seller);
  await waitForServiceWorker(page);
  // Opened again now that it is installed (as a seller does): every answer goes through the worker.
  await page.reload();
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
  for (const [path, heading] of [
    ['notificaciones', 'Avisos'],
    ['agenda', 'Agenda'],
    ['puntos', 'Mis puntos'],
    ['encuestas', 'Encuestas'],
    [`encuestas/${survey.id}`, surveyTitle],
    [`publicacion/${post.id}`, 'Publicación'],
  ] as const) {
    await visit(page, path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    // Its loads over before the next screen (networkidle does not wait for a screen the router shows).
    await calls.settled();
  }

  // The worker has saved the last answer of each screen.
  await expect
    .poll(() => savedAnswers(page), { timeout: 20_000 })
    .toEqual(
      expect.arrayContaining([
        '/api/app/feed',
        '/api/app/notifications',
        '/api/app/agenda',
        '/api/app/me/points',
      ]),
    );
  await setNetwork(context, 'offline');
  // A cold start offline: the shell comes from the service worker, the data from its cache.
  await page.goto(APP);
  await expect(page.getByRole('status').filter({ hasText: 'Sin conexión.' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: text });
  await expect(card).toBeVisible();
  for (const [path, heading] of [
    ['notificaciones', 'Avisos'],
    ['agenda', 'Agenda'],
    ['puntos', 'Mis puntos'],
  ] as const) {
    await visit(page, path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.locator('.card').first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  }

  // Offline actions: a like, a comment and a survey answer.
  await visit(page, '');
  await card.getByRole('button', { name: 'Me gusta' }).click();
  await expect(card.getByText('pendiente')).toBeVisible();
  await visit(page, `publicacion/${post.id}`);
  const comment = `Lo vi sin conexión ${unique()}`;
  await page.getByLabel('Escribí un comentario').fill(comment);
  await page.getByRole('button', { name: 'Enviar comentario' }).click();
  await expect(page.locator('.comment--pending')).toContainText(comment);
  await visit(page, `encuestas/${survey.id}`);
  await page
    .getByRole('group', { name: /Cómo calificás/ })
    .getByRole('radio', { name: '5', exact: true })
    .check();
  await page
    .getByRole('group', { name: /stock suficiente/ })
    .getByRole('radio', { name: 'Sí', exact: true })
    .check();
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(page.getByText('tu respuesta está guardada', { exact: false })).toBeVisible();

  // The app is closed while offline and opened again: nothing is lost.
  await page.close();
  const again = await context.newPage();
  await again.goto(`${APP}publicacion/${post.id}`);
  await expect(again.locator('.comment--pending')).toContainText(comment);
  let server = await appGet<{ data: TAppPost }>(request, seller.token, `/api/app/posts/${post.id}`);
  expect(server.data).toMatchObject({ liked_by_me: false, comments_count: 0 });

  // The connection returns: the queue drains, each action exactly once.
  await setNetwork(context, 'online');
  await expect(again.locator('.comment--pending')).toHaveCount(0, { timeout: 30_000 });
  await expect(again.locator('.comments__list > li').filter({ hasText: comment })).toHaveCount(1);
  server = await appGet<{ data: TAppPost }>(request, seller.token, `/api/app/posts/${post.id}`);
  expect(server.data).toMatchObject({ liked_by_me: true, likes_count: 1, comments_count: 1 });
  const comments = await appGet<{ data: TAppCommentItem[] }>(
    request,
    seller.token,
    `/api/app/posts/${post.id}/comments`,
  );
  expect(comments.data.map((c) => c.content)).toEqual([comment]);
  await expect
    .poll(async () => {
      const { data } = await appGet<{ data: TAppSurvey[] }>(
        request,
        seller.token,
        '/api/app/surveys?per_page=100',
      );
      return data.find((s) => s.id === survey.id)?.answered_by_me;
    })
    .toBe(true);

  // A reload afterwards sends nothing again.
  await again.reload();
  await expect(again.getByRole('heading', { name: 'Publicación', level: 1 })).toBeVisible();
  await again.waitForLoadState('networkidle');
  const after = await appGet<{ data: TAppCommentItem[] }>(
    request,
    seller.token,
    `/api/app/posts/${post.id}/comments`,
  );
  expect(after.data).toHaveLength(1);
});

test('a replay whose session expired asks to sign in again and keeps the queue, then sends it', async ({
  page,
  context,
  request,
}) => {
  const { seller } = await newSeller(request);
  const text = `Sesión vencida ${unique()}`;
  const post = await createAppPost(request, seller.token, text, [await pngImage('#c2410c')]);
  await openAppAs(page, seller);
  await waitForServiceWorker(page);
  await page.reload();
  const card = page.getByRole('article').filter({ hasText: text });
  await expect(card).toBeVisible();
  await page.waitForLoadState('networkidle');

  await setNetwork(context, 'offline');
  await card.getByRole('button', { name: 'Me gusta' }).click();
  await expect(card.getByText('pendiente')).toBeVisible();
  // Meanwhile the session ends on the server.
  const logout = await request.post('/api/logout', { headers: auth(seller.token) });
  expect(logout.ok()).toBe(true);

  await setNetwork(context, 'online');
  await expect(page.getByText('Tu sesión venció.', { exact: false })).toBeVisible({ timeout: 30_000 });
  let server = await appGet<{ data: TAppPost }>(
    request,
    (
      await (
        await request.post('/api/login', { data: { email: seller.email, password: seller.password } })
      ).json()
    ).token,
    `/api/app/posts/${post.id}`,
  );
  expect(server.data.liked_by_me).toBe(false);

  await page.getByLabel('Email').fill(seller.email);
  await page.getByLabel('Contraseña').fill(seller.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
  const token = (
    await (
      await request.post('/api/login', { data: { email: seller.email, password: seller.password } })
    ).json()
  ).token as string;
  await expect
    .poll(async () => {
      server = await appGet<{ data: TAppPost }>(request, token, `/api/app/posts/${post.id}`);
      return server.data.likes_count;
    })
    .toBe(1);
});

test.describe('"Sin conexión" follows what the requests did, not navigator.onLine', () => {
  test.use({ serviceWorkers: 'block' });

  test('requests that fail while navigator.onLine is true show the bar, and the first one that succeeds hides it', async ({
    page,
    request,
  }) => {
    const { seller } = await newSeller(request);
    await openAppAs(page, seller);
    await expect(page.getByRole('heading', { name: 'Comunidad', level: 1 })).toBeVisible();
    const bar = page.getByRole('status').filter({ hasText: 'Sin conexión.' });
    await expect(bar).toHaveCount(0);
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await visit(page, 'puntos');
    await expect(bar).toBeVisible();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await page.unroute('**/api/**');
    await visit(page, 'encuestas');
    await expect(page.getByRole('heading', { name: 'Encuestas', level: 1 })).toBeVisible();
    await expect(bar).toHaveCount(0);
  });
});

test('offline emulation shows the bar; back online, it goes at the first request that gets through', async ({
  page,
  context,
  request,
}) => {
  const { seller } = await newSeller(request);
  await openAppAs(page, seller);
  await waitForServiceWorker(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Comunidad', level: 1 })).toBeVisible();
  const bar = page.getByRole('status').filter({ hasText: 'Sin conexión.' });
  await setNetwork(context, 'offline');
  await expect(bar).toBeVisible();
  // A reload offline: the worker answers with its saved copies, and the bar stays.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Comunidad', level: 1 })).toBeVisible();
  await expect(bar).toBeVisible();
  await setNetwork(context, 'online');
  await expect(bar).toHaveCount(0);
});

test("offline: a post never opened before opens from Inicio's saved page, from its card and from its address", async ({
  page,
  context,
  request,
}) => {
  const { seller } = await newSeller(request);
  const text = `Nunca abierta ${unique()}`;
  const post = await createAppPost(request, seller.token, text, [await pngImage('#c2410c')]);

  // Online once: Inicio's page is saved; the post's own screen is never opened.
  await openAppAs(page, seller);
  await waitForServiceWorker(page);
  await page.reload();
  const card = page.getByRole('article').filter({ hasText: text });
  await expect(card).toBeVisible();
  await expect.poll(() => savedAnswers(page), { timeout: 20_000 }).toContain('/api/app/feed');
  expect(await savedAnswers(page)).not.toContain(`/api/app/posts/${post.id}`);

  await setNetwork(context, 'offline');
  await card.getByRole('link', { name: /comentario/ }).click();
  await expect(page.getByRole('heading', { name: 'Publicación', level: 1 })).toBeVisible();
  await expect(page.getByRole('article')).toContainText(text);
  await expect(page.getByRole('article').getByRole('img').first()).toBeVisible();
  await expect(page.getByText('Error al cargar la publicación')).toHaveCount(0);

  // Opened cold on its own address, still offline.
  await page.goto(`${APP}publicacion/${post.id}`);
  await expect(page.getByRole('article')).toContainText(text);
  await expect(page.getByText('Error al cargar la publicación')).toHaveCount(0);
  await setNetwork(context, 'online');
});
