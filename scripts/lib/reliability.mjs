// Shared by scripts/crash-test.mjs and scripts/load-test.mjs: their common options, start the real
// server on a fresh database (PGlite in a temporary DATA_DIR, or a new PostgreSQL database), wait
// until it answers, run the traffic simulator against it, open the database directly for checks,
// and sign in.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serverProcess } from './server-process.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const ADMIN = { email: 'fiabilidad@prueba.test', password: 'clave-fiabilidad-2026' };
export const SELLER_PASSWORD = 'vendedor-demo-2026';

/**
 * The script's options: its own plus the ones every reliability script takes (--port, --source,
 * --pg-url, --json, --help). Prints `usage` and exits on --help; unless --source, builds what is
 * missing (scripts/ensure-built.mjs) and exits 1 when that fails.
 */
export function scriptOptions(own, { port, usage }) {
  const { values } = parseArgs({
    options: {
      ...own,
      port: { type: 'string', default: port },
      source: { type: 'boolean', default: false },
      'pg-url': {
        type: 'string',
        default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (!values.source) {
    const built = spawnSync(process.execPath, ['scripts/ensure-built.mjs'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(1);
  }
  return values;
}

/** Seeded PRNG, so a run's choices (not the kill moments' effects) repeat. */
export function prng(seed) {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A fresh database for one run. PGlite: a temporary DATA_DIR. PostgreSQL: a new database on the
 * server at `pgUrl` (dropped by cleanup()).
 */
export async function createTarget(kind, { pgUrl, label }) {
  const dataDir = mkdtempSync(join(tmpdir(), `panel-${label}-${kind}-`));
  const env = {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    SEED_DEMO: '1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  };
  if (kind === 'pglite') {
    return {
      kind,
      dataDir,
      env,
      describe: `PGlite en ${dataDir}`,
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const pg = (await import('pg')).default;
  const name = `panel_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  env.APP_SECRET = randomBytes(32).toString('base64url');
  return {
    kind,
    dataDir,
    env,
    databaseUrl: url.toString(),
    describe: `PostgreSQL, base ${name}`,
    cleanup: async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens the target's database directly (the server must not be running on PGlite). */
export async function openDirect(target) {
  if (target.kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
    const db = await PGlite.create({
      dataDir: join(target.dataDir, 'pglite'),
      extensions: { pg_trgm, unaccent },
    });
    return { query: async (text, params) => (await db.query(text, params)).rows, close: () => db.close() };
  }
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  return {
    query: async (text, params) => (await client.query(text, params)).rows,
    close: () => client.end(),
  };
}

/**
 * Starts the server: the built one (apps/api/dist/server.js) or, with `source`, the TypeScript
 * source through tsx (tests, no build needed). Resolves once /api/health answers 200.
 */
export async function startServer(target, { port, source = false, env = {}, timeoutMs = 180_000 }) {
  const run = serverProcess({ ...process.env, ...target.env, PORT: String(port), ...env });
  const args = [...run.nodeArgs, ...(source ? ['--import', 'tsx', 'src/server.ts'] : ['dist/server.js'])];
  const child = spawn(process.execPath, args, {
    cwd: join(root, 'apps/api'),
    env: run.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d) => {
    output = (output + d).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const started = Date.now();
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`El servidor terminó antes de estar listo:\n${output}`);
    }
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`El servidor no respondió en ${timeoutMs / 1000} s:\n${output}`);
    }
    await sleep(200);
  }
  return { child, exited, url, startedAt: started, readyMs: Date.now() - started, output: () => output };
}

/**
 * scripts/simulate.mjs against `url`, signed in as the reliability administrator, with `sellers`
 * sellers for `duration` seconds; `args` adds its other options. Resolves `done` with the exit code
 * and, when stdio is piped, what it printed.
 */
export function runSimulator(url, { sellers, duration, args = [], stdio = 'ignore' }) {
  const child = spawn(
    process.execPath,
    [
      'scripts/simulate.mjs',
      '--url',
      url,
      '--sellers',
      String(sellers),
      '--duration',
      String(duration),
      '--admin-email',
      ADMIN.email,
      '--admin-password',
      ADMIN.password,
      ...args,
    ],
    { cwd: root, stdio: stdio === 'pipe' ? ['ignore', 'pipe', 'pipe'] : 'ignore' },
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const done = new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
  return { child, done, output: () => output };
}

/** A JSON call; never throws (a refused connection is status 0). */
export async function call(url, method, path, { token, body, form, headers = {}, timeoutMs = 30_000 } = {}) {
  const t0 = performance.now();
  try {
    const res = await fetch(`${url}/api${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: res.status, json, ms: performance.now() - t0 };
  } catch (error) {
    const timeout = error?.name === 'TimeoutError';
    return { status: 0, timeout, error: error?.cause?.code ?? error?.message, ms: performance.now() - t0 };
  }
}

/**
 * One request on its own connection (no keep-alive), so that a cut request (reset, hang-up) is told
 * apart from a refused one, and no request lands on a connection the other side is closing. Never
 * throws: `{ status, json }`, or status 0 with `error` (the socket error's code, or TIMEOUT).
 */
export function rawCall(url, method, path, { token, body, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${url}/api${path}`,
      {
        method,
        agent: false,
        timeout: timeoutMs,
        headers: {
          accept: 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          let json;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {}
          resolve({ status: res.statusCode, json });
        });
        res.on('error', (e) => resolve({ status: 0, error: e.code ?? e.message }));
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (e) => resolve({ status: 0, error: e.code ?? e.message }));
    req.end(payload);
  });
}

export async function login(url, email, password) {
  const res = await call(url, 'POST', '/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`No se pudo iniciar sesión como ${email} (HTTP ${res.status})`);
  return res.json.token;
}

export function loadAverage() {
  return import('node:os').then((os) =>
    os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
  );
}
