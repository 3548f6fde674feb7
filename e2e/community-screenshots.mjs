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
];

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
      const context = await browser.newContext({
        viewport: { width, height },
        hasTouch: true,
        isMobile: width < 700,
        deviceScaleFactor: 2,
        locale: 'es-AR',
        timezoneId: 'America/Argentina/Buenos_Aires',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await page.goto(`${base}/comunidad/`);
      await page.getByRole('button', { name: 'Ingresar' }).waitFor();
      await page.screenshot({ path: join(outDir, `login-${width}.png`) });
      await page.evaluate((s) => localStorage.setItem('community-auth', JSON.stringify(s)), {
        token: login.token,
        user: login.user,
      });
      for (const [name, path, ready, step] of screens) {
        await page.goto(`${base}/comunidad/${path}`);
        if (step) {
          await page.locator('main').first().waitFor();
          await page.waitForLoadState('networkidle');
          await step(page);
        }
        await page.locator(ready).first().waitFor({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(outDir, `${name}-${width}.png`) });
        console.log(`${name}-${width}.png`);
      }
      await context.close();
    }
  },
);
