import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3300);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
const MEASURING = process.env.E2E_BUDGETS === 'off';

/**
 * The browser tests drive the built product (the API serving the built panel) on a fresh
 * embedded database with the demo data, in Debian's Chromium. Playwright never downloads a browser.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: '../.artifacts/e2e-results',
  // Each test's budget is its own measured time × 3 + 15 s (e2e/budgets.json, set by the `test` every
  // spec imports from support/test.ts; docs/testing.md#runtime-budgets). This default is only for a
  // test not measured yet; no spec sets its own. While measuring (`E2E_BUDGETS=off`, e2e/scripts/budgets.mjs
  // or a whole `npm test` whose report makes the file) there is no budget: 10 minutes bound a hang.
  timeout: MEASURING ? 600_000 : 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  // One retry in CI and under `npm test` (E2E_RETRIES), none when a developer runs a spec by hand;
  // never more than one (issue 29). `npm test` names each test that passed on its retry at the end.
  retries: Math.min(1, Number(process.env.E2E_RETRIES ?? (process.env.CI ? 1 : 0))),
  reporter: 'list',
  use: {
    baseURL: BASE_URL,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    // A trace only when a test is run again after a failure (issue 29): recording one for every passing
    // test cost time in every test. A screenshot only of a failure.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: '**/community/**',
      // Reduced motion: a dialog opens at once (theme.ts respects the preference), so a click on a loaded
      // machine cannot land on a dialog still sliding in (it once hit nothing: no DELETE was sent).
      use: { ...devices['Desktop Chrome'], channel: undefined, reducedMotion: 'reduce' },
    },
    {
      // The sellers' app (apps/community, under /comunidad/) on a phone: 390 × 844 with touch.
      name: 'community',
      testMatch: '**/community/**/*.spec.ts',
      // Each test makes its own seller and content. The app's service worker is blocked unless a test
      // is about it or needs it (offline reading, push, the PWA): those say
      // `test.use({ serviceWorkers: 'allow' })` and wait for it (support/community.ts). Elsewhere
      // it would only precache the whole shell again in every test and take over the page midway.
      timeout: MEASURING ? 600_000 : 120_000,
      expect: { timeout: 15_000 },
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
        deviceScaleFactor: 1,
        serviceWorkers: 'block',
      },
    },
  ],
  webServer: {
    command: 'node server.mjs',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // The API tests' low password hash cost (docs/configuration.md): the tests sign sellers in and
    // create them about 130 times, each a 0.3 s scrypt hash at the production cost.
    env: { E2E_PORT: String(PORT), TEST_LOW_PASSWORD_COST: '1' },
  },
});
