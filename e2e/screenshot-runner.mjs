// What e2e/screenshots.mjs (the panel) and e2e/community-screenshots.mjs (the sellers' app) share:
// build what is not built yet, start the product on a fresh demo database, wait until it answers,
// open Debian's Chromium, run the script's shots, then close everything, also when a shot fails.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs `shoot({ browser, base, outDir })` against a fresh product. The images go to the folder named
 * on the command line (left as it is) or to `defaultOutDir` (emptied first: this run's images only).
 * The port is SCREENSHOTS_PORT, else E2E_PORT, else `defaultPort`.
 */
export async function runScreenshots({ defaultOutDir, defaultPort, outArg }, shoot) {
  const outDir = outArg ?? join(root, defaultOutDir);
  if (!outArg) rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const port = Number(process.env.SCREENSHOTS_PORT ?? process.env.E2E_PORT ?? defaultPort);
  const base = `http://127.0.0.1:${port}`;

  const built = spawnSync(process.execPath, ['scripts/ensure-built.mjs'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);

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
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {}
      if (i > 1200) throw new Error('the server did not become ready');
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
    await shoot({ browser, base, outDir });
    await browser.close();
    console.log(`screenshots written to ${outDir}`);
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
