import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRoot } from './lib/paths.ts';

const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

/**
 * Stand-ins for the built panel and app (an index.html each), so what the server prints does not depend
 * on whether `npm run build` ran before this test (in `npm test` the browser suite builds beside it).
 */
const distRoot = mkdtempSync(join(tmpdir(), 'panel-server-dist-'));
afterAll(() => rmSync(distRoot, { recursive: true, force: true }));
const builtDirs = (() => {
  const dir = distRoot;
  const env: Record<string, string> = {};
  for (const [name, key] of [
    ['web', 'WEB_DIST_DIR'],
    ['community', 'COMMUNITY_DIST_DIR'],
  ] as const) {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, 'index.html'), '<!doctype html><title>Panel</title>');
    env[key] = join(dir, name);
  }
  return env;
})();

/**
 * The server from its sources on a fresh DATA_DIR. On a terminal (script(1) gives it a pseudo-terminal, as
 * `npm start` in a shell has) it prints the banner instead of JSON lines; `listening` reads the port from either.
 */
function startServer(dataDir: string, host = '127.0.0.1', { terminal = false } = {}) {
  const command = [process.execPath, '--import', 'tsx', 'src/server.ts'];
  const [file, args] = terminal
    ? ['script', ['-qfec', command.join(' '), '/dev/null']]
    : [command[0]!, command.slice(1)];
  const child = spawn(file, args, {
    cwd: apiRoot,
    env: {
      ...process.env,
      ...builtDirs,
      PORT: '0',
      HOST: host,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = terminal ? /Registro de solicitudes/ : /Servidor escuchando en/;
  const port = terminal
    ? /Panel +http:\/\/127\.0\.0\.1:(\d+)\//
    : /Servidor escuchando en http:\/\/[\d.]+:(\d+)/;
  const listening = new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = ready.test(output) && port.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(Number(match[1]));
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited before listening:\n${output}`));
    });
  });
  return { child, exited, listening, output: () => output };
}

function runCli(dataDir: string, args: string[]) {
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: apiRoot,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return { code: child.status, output: `${child.stdout}${child.stderr}` };
}

describe('server process on the embedded database', () => {
  it('starts, answers health, refuses a second server and the CLI while running, stops on SIGTERM, then the CLI works', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'panel-server-'));
    const first = startServer(dataDir);
    const port = await first.listening;
    // stdout is a pipe, not a terminal: the logs stay JSON lines (pino-pretty only on a TTY).
    const listeningLine = first
      .output()
      .split('\n')
      .find((line) => line.includes('Servidor escuchando'));
    expect(JSON.parse(listeningLine ?? '')).toMatchObject({
      level: 30,
      msg: expect.stringContaining('escuchando'),
    });
    await expect.poll(first.output, { timeout: 30_000 }).toMatch(/Listo en \d+ ms/);
    const ready = first
      .output()
      .split('\n')
      .find((line) => line.includes('Listo en'));
    expect(JSON.parse(ready ?? '')).toMatchObject({
      panelUrl: `http://127.0.0.1:${port}/`,
      communityUrl: `http://127.0.0.1:${port}/comunidad/`,
      database: 'pglite',
      demoAccounts: ['admin@demo.local'],
    });
    // One language for the operator, and no password in any record.
    expect(first.output()).not.toMatch(/listening|panel-demo-2026/i);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    const second = startServer(dataDir);
    second.listening.catch(() => {});
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`proceso ${first.child.pid}`);

    const cliWhileRunning = runCli(dataDir, [
      'create-admin',
      '--email',
      'otra@demo.local',
      '--password',
      'clave-otra-1',
    ]);
    expect(cliWhileRunning.code).toBe(1);
    expect(cliWhileRunning.output).toContain(`El servidor está en ejecución (PID ${first.child.pid})`);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'panel.lock'))).toBe(false);

    const created = runCli(dataDir, [
      'create-admin',
      '--email',
      'Otra@Demo.local',
      '--password',
      'clave-otra-1',
    ]);
    expect(created.output).toContain('Administrador creado: otra@demo.local');
    expect(created.code).toBe(0);
    const reset = runCli(dataDir, [
      'reset-password',
      '--email',
      'otra@demo.local',
      '--password',
      'clave-nueva-2',
    ]);
    expect(reset.code).toBe(0);
    const noFactor = runCli(dataDir, ['reset-mfa', '--email', 'otra@demo.local']);
    expect(noFactor.code, noFactor.output).toBe(0);
    expect(noFactor.output).toContain('no tenía la verificación en dos pasos activa');
    expect(runCli(dataDir, ['reset-mfa', '--email', 'nadie@demo.local']).code).toBe(1);
    const invalid = runCli(dataDir, ['reset-password', '--email', 'otra@demo.local', '--password', 'corta']);
    expect(invalid.code).toBe(1);
    expect(invalid.output).toContain('La contraseña debe tener al menos 10 caracteres');
    expect(existsSync(join(dataDir, 'panel.lock'))).toBe(false);
  }, 120_000);
});

describe('listening on the network with the demo password', () => {
  it('refuses a non-local HOST while admin@demo.local keeps its public password, and starts once it is changed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'panel-server-host-'));
    const refused = startServer(dataDir, '0.0.0.0');
    await expect(refused.listening).rejects.toThrow();
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('contraseña publicada en el README');

    const reset = runCli(dataDir, [
      'reset-password',
      '--email',
      'admin@demo.local',
      '--password',
      'otra-clave-larga-y-propia',
    ]);
    expect(reset.code, reset.output).toBe(0);
    const opened = startServer(dataDir, '0.0.0.0');
    const port = await opened.listening;
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    opened.child.kill('SIGTERM');
    expect(await opened.exited).toBe(0);
  }, 120_000);
});

describe('the first start on a terminal', () => {
  it("prints only the banner (URLs of the panel and the sellers' app, database, demo accounts), then readable lines", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'panel-server-tty-'));
    const { child, exited, listening, output } = startServer(dataDir, '127.0.0.1', { terminal: true });
    const port = await listening;
    const plain = () => stripVTControlCharacters(output()).replace(/\r/g, '');
    const lines = plain().trimEnd().split('\n');
    expect(lines.length, plain()).toBeLessThanOrEqual(7);
    expect(plain()).toContain(`App de vendedores   http://127.0.0.1:${port}/comunidad/`);
    expect(plain()).toContain(`PGlite (embebida); datos, clave e imágenes en ${dataDir}`);
    expect(plain()).toMatch(/admin@demo\.local \/ panel-demo-2026 +\(administrador, panel\)/);
    expect(lines.join('\n')).not.toMatch(/WARN|"level"|listening/);

    expect((await fetch(`http://127.0.0.1:${port}/api/users`)).status).toBe(401);
    await expect.poll(plain, { timeout: 10_000 }).toMatch(/INFO: GET \/api\/users 401 \([\d.]+ ms\)/);
    child.kill('SIGTERM');
    await exited;
  }, 120_000);
});
