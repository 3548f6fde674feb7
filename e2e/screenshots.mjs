#!/usr/bin/env node
// `node e2e/screenshots.mjs [outDir]`: starts the built product on a fresh demo database and takes
// screenshots of the panel's screens at 1280 px and 390 px wide in Debian's Chromium.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = process.argv[2] ?? join(root, 'docs/screenshots');
const port = Number(process.env.SHOTS_PORT ?? 3400);
const base = `http://127.0.0.1:${port}`;
mkdirSync(outDir, { recursive: true });

const dataDir = mkdtempSync(join(tmpdir(), 'panel-shots-'));
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 600) throw new Error('the server did not become ready');
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  for (const [label, viewport] of [
    ['1280', { width: 1280, height: 800 }],
    ['390', { width: 390, height: 844 }],
  ]) {
    const page = await browser.newPage({
      viewport,
      locale: 'es-AR',
      timezoneId: 'America/Argentina/Buenos_Aires',
    });
    const shot = async (name) => {
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(outDir, `${name}-${label}.png`) });
    };
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').waitFor();
    await shot('login');
    await page.getByLabel('Email').fill('admin@demo.local');
    await page.getByLabel('Contraseña').fill('panel-demo-2026');
    await page.getByLabel('Contraseña').press('Enter');
    await page.waitForURL('**/dashboard');
    await page.getByText('Tablero de control').first().waitFor();
    await page.waitForLoadState('networkidle');
    await shot('dashboard');
    await page.goto(`${base}/branches`);
    await page
      .getByText(/de \d+$/)
      .first()
      .waitFor();
    await shot('branches');
    await page.getByRole('button', { name: 'Agregar' }).click();
    await page.getByRole('dialog').waitFor();
    await shot('branch-form');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Eliminar' }).first().click();
    await page.getByRole('dialog').waitFor();
    await shot('branch-delete');
    await page.keyboard.press('Escape');
    await page.goto(`${base}/posts`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shot('under-construction');
    await page.goto(`${base}/points-leaderboard?period=all_time`);
    await page.getByTestId('podium-card').first().waitFor();
    await shot('points-leaderboard');
    await page.goto(`${base}/points-transactions`);
    await page.getByText(/^Página 1 de \d+$/).waitFor();
    await shot('points-transactions');
    await page.getByRole('button', { name: /^Filtros/ }).click();
    await page.getByText('Limpiar filtros').waitFor();
    await shot('points-transactions-filters');
    await page.keyboard.press('Escape');
    await page.goto(`${base}/points-dashboard`);
    await page.locator('.recharts-surface').nth(1).waitFor();
    await shot('points-dashboard');
    await page.screenshot({ path: join(outDir, `points-dashboard-full-${label}.png`), fullPage: true });
    await page.goto(`${base}/dashboard`);
    await page.locator('.recharts-surface').first().waitFor();
    await page.screenshot({ path: join(outDir, `dashboard-full-${label}.png`), fullPage: true });
    await page.close();
  }
  await browser.close();
  console.log(`screenshots written to ${outDir}`);
} finally {
  stop();
}
