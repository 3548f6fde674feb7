import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OIDC_MSG } from '@panel/shared';
import { startTestProvider, type TestProvider } from '../../../apps/api/src/testing/oidc-provider.ts';
import { serverProcess } from '../../../scripts/lib/server-process.mjs';
import { BASE_URL } from '../../playwright.config.ts';
import { expect, test } from '../../support/test.ts';

// Issue 30, section 3: the panel's sign-in through a real OpenID provider (oidc-provider, its own keys, on a
// port of this machine) and its login page, ending on the Tablero. The suite's server has no OpenID Connect
// configured (no button anywhere else), so this file starts the built product a second time with it, on
// its own port and data (docs/decisions/2026-12-04-oidc.md).

const PORT = Number(new URL(BASE_URL).port) + 20;
const SITE = `http://127.0.0.1:${PORT}`;
const root = fileURLToPath(new URL('../../..', import.meta.url));

let provider: TestProvider;
let server: ChildProcess | undefined;
let dataDir = '';

test.describe.configure({ mode: 'serial' });
// The sellers' app's service worker would only precache its shell here (as in the community project).
test.use({ serviceWorkers: 'block' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  provider = await startTestProvider({ redirectUris: [`${SITE}/api/login/oidc/callback`] });
  provider.accounts.set('ana.admin', { email: 'admin@demo.local', email_verified: true, name: 'Ana' });
  provider.accounts.set('vero.vendedora', { email: 'vendedor@demo.local', email_verified: true });
  provider.accounts.set('sin.cuenta', { email: 'nadie@empresa.test', email_verified: true });
  dataDir = mkdtempSync(join(tmpdir(), 'panel-e2e-oidc-'));
  const run = serverProcess({
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    TEST_LOW_PASSWORD_COST: '1',
    PUBLIC_URL: SITE,
    ...provider.env(),
  });
  for (const key of ['DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'REDIS_URL']) delete run.env[key];
  server = spawn(process.execPath, run.args, { cwd: root, env: run.env, stdio: 'ignore' });
  // Until the server answers (its first start applies the migrations and loads the demo data).
  await expect
    .poll(async () => (await fetch(`${SITE}/api/health`).catch(() => null))?.status ?? 0, {
      timeout: 150_000,
    })
    .toBe(200);
});

test.afterAll(async () => {
  if (server?.pid) server.kill('SIGTERM');
  await new Promise<void>((resolve) =>
    server && server.exitCode === null ? server.once('exit', () => resolve()) : resolve(),
  );
  await provider?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test("the panel signs an administrator in with the company account, through the provider's login page, to the Tablero", async ({
  page,
}) => {
  await page.goto(`${SITE}/login`);
  await page.getByRole('link', { name: OIDC_MSG.button }).click();
  // The provider's own login page (oidc-provider's development interaction).
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill('ana.admin');
  await page.locator('input[name="password"]').fill('cualquiera');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(`${SITE}/dashboard`, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Tablero de control' })).toBeVisible();
  // The one-time code never stays in the address nor in the history.
  expect(await page.evaluate(() => window.location.hash)).toBe('');
});

test("an e-mail with no account is refused in Spanish on the panel's sign-in", async ({ page }) => {
  await page.goto(`${SITE}/login`);
  await page.getByRole('link', { name: OIDC_MSG.button }).click();
  await page.locator('input[name="login"]').fill('sin.cuenta');
  await page.locator('input[name="password"]').fill('cualquiera');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(`${SITE}/login`);
  await expect(page.getByText(OIDC_MSG.unknownEmail)).toBeVisible();
});

test("the sellers' app signs a seller in with the company account, back to the app", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${SITE}/comunidad/`);
  await page.getByRole('link', { name: OIDC_MSG.button }).click();
  await page.locator('input[name="login"]').fill('vero.vendedora');
  await page.locator('input[name="password"]').fill('cualquiera');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page.getByRole('navigation', { name: 'Secciones' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(`${SITE}/comunidad/`);
});
