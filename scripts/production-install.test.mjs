// The production path of the README: build once, bundle, `npm ci --omit=dev` on the server, start.
// npm installs from its cache (--prefer-offline: the repository's own `npm ci` filled it), so the
// test needs the registry only for a package the cache lacks.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeBundle } from './bundle.mjs';

const dir = mkdtempSync(join(tmpdir(), 'panel-production-'));
const children = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Size on disk of a directory, in MB (du's 1 KiB blocks). */
function megabytes(path) {
  const r = spawnSync('du', ['-sk', path], { encoding: 'utf8' });
  return Number.parseInt(r.stdout, 10) / 1024;
}

describe('the lean production install', () => {
  it('installs without development tools in at most 250 MB, starts, answers /api/health and serves both apps', async () => {
    writeBundle(dir);
    expect(existsSync(join(dir, 'apps/api/src')), 'no sources in the bundle').toBe(false);

    const install = spawnSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(install.status, install.stderr).toBe(0);
    // Quiet on this machine's Node 20: no engine warning, no unreviewed install script.
    expect(install.stderr).not.toMatch(/EBADENGINE|install-scripts/);

    const size = megabytes(join(dir, 'node_modules'));
    console.log(`node_modules de producción: ${size.toFixed(0)} MB`);
    expect(size).toBeLessThanOrEqual(250);
    // Building, testing and measuring tools are not there; what the server loads is.
    for (const devOnly of [
      'vite',
      'react',
      'vitest',
      '@playwright/test',
      'esbuild',
      'typescript',
      'lighthouse',
    ]) {
      expect(existsSync(join(dir, 'node_modules', devOnly)), devOnly).toBe(false);
    }
    for (const runtime of ['fastify', '@electric-sql/pglite', 'sharp', 'pg']) {
      expect(existsSync(join(dir, 'node_modules', runtime)), runtime).toBe(true);
    }

    // `npm start` there: nothing to build (no sources), the embedded database with the demo.
    const child = spawn('npm', ['start'], {
      cwd: dir,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    const started = Date.now();
    await expect
      .poll(() => output, { timeout: 300_000, interval: 200 })
      .toMatch(/"panelUrl":"http:\/\/127\.0\.0\.1:\d+\/"/);
    console.log(`primer arranque hasta el registro "Listo": ${Date.now() - started} ms`);
    const origin = /"panelUrl":"(http:\/\/127\.0\.0\.1:\d+)\/"/.exec(output)[1];
    expect(output).not.toMatch(/Compilando/);

    const health = await fetch(`${origin}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const panel = await fetch(`${origin}/`);
    expect(panel.status).toBe(200);
    expect(await panel.text()).toContain('<div id="root">');
    const app = await fetch(`${origin}/comunidad/`);
    expect(app.status).toBe(200);
    expect(await app.text()).toContain('manifest.webmanifest');

    // SIGTERM to the server (its pid is in every log record), as a service manager sends it: it stops
    // cleanly and npm start ends with it.
    const pid = Number(/"pid":(\d+)/.exec(output)[1]);
    process.kill(pid, 'SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('Servidor detenido');
  });
});
