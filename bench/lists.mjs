#!/usr/bin/env node
// `npm run bench`: measures the built product and prints each figure against its budget.
//   1. start-up: first start on an empty data directory (migrations + demo seed), restarts, shutdown;
//   2. lists at scale: BENCH_USERS sellers (default 200 000) and BENCH_BRANCHES branches (default 2 000)
//      on PGlite, and on PostgreSQL when one answers (BENCH_DATABASE_URL, default the local server).
// Timings are medians/percentiles of sequential requests over loopback; they vary between machines,
// so they live here and never in tests. Exit code 1 when a figure is over its budget.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const USERS = Number(process.env.BENCH_USERS ?? 200_000);
const BRANCHES = Number(process.env.BENCH_BRANCHES ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 3510;
const base = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'bench@demo.local', password: 'bench-admin-2026' };

const rows = [];
function record(name, value, budget, unit = 'ms') {
  rows.push({ name, value, budget, unit, ok: value <= budget });
  console.log(
    `${value <= budget ? 'ok  ' : 'OVER'} ${name.padEnd(58)} ${fmt(value, unit).padStart(10)}  budget ${fmt(budget, unit)}`,
  );
}
const fmt = (v, unit) => (unit === 'ms' ? `${v.toFixed(1)} ms` : `${Math.round(v)} ${unit}`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

async function startServer(env) {
  const t0 = performance.now();
  const proc = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  proc.on('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error('the server exited before it was ready');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { proc, ms: performance.now() - t0 };
    } catch {}
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function stopServer(proc) {
  const t0 = performance.now();
  const done = new Promise((r) => proc.on('exit', r));
  proc.kill('SIGTERM');
  await done;
  return performance.now() - t0;
}

async function login() {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

async function timeRequest(path, token, runs = RUNS) {
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 3; i++) await (await fetch(base + path, { headers })).arrayBuffer();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await fetch(base + path, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    times.push(performance.now() - t0);
  }
  return { p50: median(times), p95: percentile(times, 95) };
}

/** Bulk rows, generated inside the database so loading takes seconds, not minutes. */
const SCALE_SQL = `
INSERT INTO branches (name, city, address)
SELECT 'Sucursal ' || (ARRAY['Norte','Sur','Centro','Oeste','Este','Puerto','Parque','Plaza'])[1 + i % 8] || ' ' || i,
       (ARRAY['Córdoba','Rosario','Mendoza','La Plata','Salta','Neuquén','Santa Fe','Mar del Plata','Bahía Blanca','Posadas'])[1 + i % 10],
       'Av. San Martín ' || (100 + i)
FROM generate_series(1, ${BRANCHES}) AS i;

INSERT INTO users (name, email, role, branch_id, password_hash, active, created_at)
SELECT (ARRAY['Juan','María','Lucía','Martín','Sofía','Diego','Valentina','Joaquín','Camila','Mateo','Florencia','Nicolás'])[1 + i % 12]
       || ' ' || (ARRAY['García','Fernández','González','Rodríguez','López','Martínez','Pérez','Gómez','Díaz','Sánchez','Romero','Álvarez','Benítez','Acosta'])[1 + (i / 12) % 14]
       || ' ' || i,
       'vendedor.' || i || '@bench.local',
       'seller',
       b.ids[1 + i % array_length(b.ids, 1)],
       'bench-no-login',
       i % 50 <> 0,
       now() - (i || ' minutes')::interval
FROM generate_series(1, ${USERS}) AS i, (SELECT array_agg(id) AS ids FROM branches) AS b;
ANALYZE;`;

const QUERIES = [
  ['users: first page, default sort (name)', '/api/users?per_page=20'],
  ['users: search "gonzalez" (accent-insensitive)', '/api/users?q=gonzalez&per_page=20'],
  ['users: search by email fragment', '/api/users?q=vendedor.1234&per_page=20'],
  [
    'users: sellers of one branch, newest first',
    '/api/users?role=seller&branch_id=5&sort=-created_at&per_page=20',
  ],
  ['users: page 50 sorted by email', '/api/users?sort=email&page=50&per_page=20'],
  ['branches: first page, default sort', '/api/branches?per_page=20'],
  ['branches: search "cordoba"', '/api/branches?q=cordoba&per_page=20'],
  ['branches: filter by city, sorted by address', '/api/branches?city=Rosario&sort=address&per_page=20'],
  ['dashboard summary', '/api/dashboard/summary'],
];

async function measureLists(label, token, budget) {
  for (const [name, path] of QUERIES) {
    const { p50, p95 } = await timeRequest(path, token);
    console.log(`     ${label} ${name}: p50 ${p50.toFixed(1)} ms`);
    record(`${label} ${name} p95`, p95, budget);
  }
}

async function benchStartup() {
  console.log('\n== start-up (PGlite, embedded default)');
  const dataDir = mkdtempSync(join(tmpdir(), 'panel-bench-'));
  const env = { DATA_DIR: dataDir, SEED_DEMO: '1' };
  try {
    const first = await startServer(env);
    record('first start: migrations + demo seed, until /api/health is 200', first.ms, 15_000);
    record('shutdown on SIGTERM', await stopServer(first.proc), 3_000);
    const restarts = [];
    for (let i = 0; i < 3; i++) {
      const s = await startServer(env);
      restarts.push(s.ms);
      await stopServer(s.proc);
    }
    record('start on an existing data directory (median of 3)', median(restarts), 5_000);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPglite() {
  console.log(`\n== lists at scale on PGlite: ${USERS} users, ${BRANCHES} branches`);
  const dataDir = mkdtempSync(join(tmpdir(), 'panel-bench-'));
  const env = { DATA_DIR: dataDir, SEED_DEMO: '0', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  try {
    // Migrate through the server, then load rows directly while it is stopped (PGlite has one owner).
    await stopServer((await startServer(env)).proc);
    const t0 = performance.now();
    const db = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { pg_trgm, unaccent } });
    await db.exec(SCALE_SQL);
    await db.close();
    console.log(`     (loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    const server = await startServer(env);
    const token = await login();
    await measureLists('pglite', token, 250);
    await stopServer(server.proc);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres() {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    console.log(`\nAVISO: PostgreSQL no responde en ${PG_URL}; se omite la medición sobre PostgreSQL.`);
    return;
  }
  const dbName = `panel_bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(PG_URL);
  url.pathname = `/${dbName}`;
  console.log(`\n== lists at scale on PostgreSQL: ${USERS} users, ${BRANCHES} branches`);
  try {
    const env = {
      DATABASE_URL: url.toString(),
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      SEED_DEMO: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    const server = await startServer(env);
    const t0 = performance.now();
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query(SCALE_SQL);
    await client.end();
    console.log(`     (loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    const token = await login();
    await measureLists('postgres', token, 100);
    const logins = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await login();
      logins.push(performance.now() - t);
    }
    // scrypt with OWASP's parameters (N=2^17, 128 MiB) is slow on purpose; a sign-in under a second is fine.
    record('postgres login (scrypt verification), median of 5', median(logins), 750);
    await stopServer(server.proc);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

await benchStartup();
await benchPglite();
await benchPostgres();
const over = rows.filter((r) => !r.ok);
console.log(`\n${rows.length - over.length} within budget, ${over.length} over budget`);
process.exit(over.length ? 1 : 0);
