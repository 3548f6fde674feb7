#!/usr/bin/env node
// `node e2e/community-screenshots.mjs [outDir]`: builds what is not built yet, starts the product on a fresh
// demo database and takes screenshots of every screen of the community app (/comunidad/) at 390 px (phone)
// and 768 px (tablet) wide, signed in as the demo seller, in Debian's Chromium.
// Images go to outDir, by default .artifacts/screenshots-community/ (ignored by git): for looking at.
import { join } from 'node:path';
import { runScreenshots } from './screenshot-runner.mjs';

/** Each screen: its path, what shows once it has its data, and an optional step before the shot. */
const screens = [
  ['feed', '', 'main article'],
  // A finger pulling Inicio down, held past the threshold.
  ['pull-to-refresh', '', '.pull__label', (page) => pullAndHold(page)],
  ['search', 'buscar?q=de', 'main article'],
  ['search-empty', 'buscar?q=zzzz', '.empty'],
  [
    'story',
    '',
    '[role="dialog"]',
    (page) =>
      page
        .getByRole('button', { name: /^Historia:/ })
        .first()
        .click(),
  ],
  ['post', 'publicacion/1', '.comments__list li'],
  ['compose', 'publicar', 'form.compose'],
  [
    'compose-errors',
    'publicar',
    '.field__error',
    (page) => page.getByRole('button', { name: 'Publicar', exact: true }).click(),
  ],
  ['notifications', 'notificaciones', '.notification'],
  ['agenda', 'agenda', '.event'],
  [
    'agenda-past',
    'agenda',
    '.event--past',
    async (page) => {
      await page.getByRole('button', { name: 'Ver eventos anteriores' }).click();
      await page.locator('.event--past').first().scrollIntoViewIfNeeded();
    },
  ],
  ['surveys', 'encuestas', '.survey-card'],
  ['survey-form', 'encuestas', '.survey-form', (page) => page.locator('.survey-card').first().click()],
  [
    'survey-errors',
    'encuestas',
    '.field__error',
    async (page) => {
      await page.locator('.survey-card').first().click();
      await page.getByRole('button', { name: 'Enviar respuestas' }).click();
    },
  ],
  ['points', 'puntos', '.leaderboard__row'],
  ['profile', 'perfil', '.profile'],
  // The seller's own comment, being edited.
  [
    'comment-edit',
    'publicacion/1',
    '.comment__edit',
    async (page, { base, token }) => {
      const res = await fetch(`${base}/api/app/posts/1/comments`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'Lo pruebo el lunes en Rosario y les cuento.' }),
      });
      if (!res.ok) throw new Error(`POST comment: ${res.status}`);
      await page.reload();
      await page.getByRole('button', { name: 'Editar' }).last().click();
    },
  ],
  // Chrome's install offer after a sign-in (the browser's event, dispatched as Chrome would).
  [
    'install-offer',
    '',
    '.install-sheet .install',
    (page) =>
      page.evaluate(() => {
        const event = new Event('beforeinstallprompt', { cancelable: true });
        event.prompt = async () => {};
        event.userChoice = Promise.resolve({ outcome: 'dismissed', platform: 'web' });
        window.dispatchEvent(event);
      }),
    (page) => page.evaluate(() => localStorage.setItem('comunidad-install-offer', '1')),
  ],
  // A post newer than the feed: the pill.
  ['new-posts', '', '.new-posts', (page, ctx) => newerPost(page, ctx)],
];

/** Touch down near the top of the page and drag past the threshold, without letting go. */
async function pullAndHold(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 195, y: 200 }] });
  for (let y = 220; y <= 400; y += 30) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 195, y }] });
  }
  // Let go once the shot is taken (a finger left down would hold the next screens' input).
  page.releasePull = async () => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchCancel', touchPoints: [] });
    await cdp.detach();
  };
}

/** A 1×1 PNG: the smallest picture the upload accepts. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Another seller's post arrives after the feed loaded, and the app comes back to the foreground. */
async function newerPost(page, { base, token }) {
  await page.locator('main article').first().waitFor();
  const form = new FormData();
  form.set('content', 'Llegó el pedido de la semana: ya está en el depósito.');
  form.append('images[]', new Blob([PIXEL], { type: 'image/png' }), 'foto.png');
  const res = await fetch(`${base}/api/app/posts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`POST /api/app/posts: ${res.status}`);
  await page.evaluate(() => {
    window.scrollTo(0, 600);
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

await runScreenshots(
  { defaultOutDir: '.artifacts/screenshots-community', defaultPort: 3401, outArg: process.argv[2] },
  async ({ browser, base, outDir }) => {
    const login = await (
      await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'vendedor@demo.local', password: 'vendedor-demo-2026' }),
      })
    ).json();
    for (const [width, height] of [
      [390, 844],
      [768, 1024],
    ]) {
      // A phone below 700 px, a tablet above; Buenos Aires; no service worker (the shots need no cache).
      const device = {
        viewport: { width, height },
        hasTouch: true,
        isMobile: width < 700,
        deviceScaleFactor: 2,
        locale: 'es-AR',
        timezoneId: 'America/Argentina/Buenos_Aires',
        serviceWorkers: 'block',
      };
      const context = await browser.newContext(device);
      const page = await context.newPage();
      await page.goto(`${base}/comunidad/`);
      await page.getByRole('button', { name: 'Ingresar', exact: true }).waitFor();
      await page.screenshot({ path: join(outDir, `login-${width}.png`) });
      await page.evaluate((s) => localStorage.setItem('community-auth', JSON.stringify(s)), {
        token: login.token,
        user: login.user,
      });
      for (const [name, path, ready, step, before] of screens) {
        if (before) await before(page);
        await page.goto(`${base}/comunidad/${path}`);
        if (step) {
          await page.locator('main').first().waitFor();
          await page.waitForLoadState('networkidle');
          await step(page, { base, token: login.token });
        }
        await page
          .locator(ready)
          .first()
          .waitFor({ timeout: 20_000 })
          .catch(async (error) => {
            await page.screenshot({ path: join(outDir, `failed-${name}-${width}.png`) });
            throw error;
          });
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(outDir, `${name}-${width}.png`) });
        console.log(`${name}-${width}.png`);
        await page.releasePull?.();
        page.releasePull = undefined;
      }
      await context.close();

      // Safari on an iPhone or iPad: the two drawn steps, after a sign-in and in Perfil.
      const ios = await browser.newContext({
        ...device,
        userAgent:
          width < 700
            ? 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1'
            : 'Mozilla/5.0 (iPad; CPU OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
      });
      const iosPage = await ios.newPage();
      await iosPage.goto(`${base}/comunidad/`);
      await iosPage.evaluate(
        (s) => {
          localStorage.setItem('community-auth', JSON.stringify(s));
          localStorage.setItem('comunidad-install-offer', '1');
        },
        { token: login.token, user: login.user },
      );
      await iosPage.goto(`${base}/comunidad/`);
      await iosPage.locator('.install-sheet .install__steps').waitFor({ timeout: 20_000 });
      await iosPage.waitForLoadState('networkidle');
      await iosPage.screenshot({ path: join(outDir, `install-ios-${width}.png`) });
      console.log(`install-ios-${width}.png`);
      await iosPage.goto(`${base}/comunidad/perfil`);
      await iosPage.locator('.install__steps').waitFor({ timeout: 20_000 });
      await iosPage.screenshot({ path: join(outDir, `profile-install-ios-${width}.png`), fullPage: true });
      console.log(`profile-install-ios-${width}.png`);
      await ios.close();
    }
  },
);
