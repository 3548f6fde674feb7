import type { TUser } from '@panel/shared';
import { DEMO_ADMIN } from '../../support/api.ts';
import { expect, test } from '../../support/test.ts';

// /login is its own document (apps/web/login.html): the screen prerendered at build time, hydrated
// by a small entry that carries none of the admin shell.

test('/login answers the screen already rendered, with no inline script', async ({ request }) => {
  const res = await request.get('/login');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('Ingresá con tu cuenta de administrador');
  expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled/);
  // Every script is a file (the CSP allows no inline script).
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  // The SPA document stays what every other path gets.
  expect(await (await request.get('/branches')).text()).not.toContain('Ingresá con tu cuenta');
});

test('/login asks for its stylesheets before its scripts, and for the scripts at low priority', async ({
  request,
}) => {
  // The screen paints from the HTML and its CSS; the scripts only hydrate it, so on a slow connection
  // they must not queue the CSS behind them (apps/web/prerender-login.ts, paintBeforeScripts).
  const head = (await (await request.get('/login')).text()).split('</head>')[0] ?? '';
  const css = [...head.matchAll(/<link rel="stylesheet"/g)].map((m) => m.index);
  const scripts = [...head.matchAll(/<(script type="module"|link rel="modulepreload")[^>]*>/g)];
  expect(css.length).toBeGreaterThan(0);
  expect(scripts.length).toBeGreaterThan(1);
  expect(Math.max(...css)).toBeLessThan(Math.min(...scripts.map((m) => m.index)));
  for (const [tag] of scripts) expect(tag).toContain('fetchpriority="low"');
});

test('without JavaScript the screen still paints, and nothing can be sent', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Panel de Administración' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeDisabled();
  await context.close();
});

test('the screen hydrates without errors and loads none of the admin shell', async ({ page }) => {
  const errors: string[] = [];
  const scripts: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill('no-es-un-email');
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByText('Email inválido')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(errors).toEqual([]);
  expect(scripts.some((s) => /\/assets\/login-[^/]*\.js$/.test(s))).toBe(true);
  expect(scripts.filter((s) => /\/(main|admin-layout|dashboard-page)-[^/]*\.js$/.test(s))).toEqual([]);
});

test('a signed-in administrator who opens /login goes to the dashboard', async ({ page, request }) => {
  const res = await request.post('/api/login', {
    data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  const { token, user } = (await res.json()) as { token: string; user: TUser };
  await page.addInitScript(
    (state) => localStorage.setItem('auth-storage', JSON.stringify({ state, version: 0 })),
    { token, user, isAuthenticated: true },
  );
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Tablero de control' })).toBeVisible();
});
