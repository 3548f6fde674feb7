#!/usr/bin/env node
// `npm run bench:quick`: the hot path against its ceiling in under two minutes, on PostgreSQL with the
// demo data. A fresh database on the local server (BENCH_ADMIN_URL, default postgres://postgres@127.0.0.1:5432),
// migrated and seeded by the built server itself, dropped afterwards. For each call, the statements
// the app sent for it are replayed by a bare Fastify + `pg` server (bench/api/ceiling-server.mjs), and
// the two are measured in interleaved rounds (app, ceiling, then ceiling, app…), so a load that comes
// and goes on the shared machine weighs on both alike. The ratio is the median over the rounds of the
// app's requests over the ceiling's; PASS at ≥ 0.7×. Exit code 1 when a call fails.
//   QUICK_ROUNDS (default 4), QUICK_SECONDS (seconds per run, default 1.5), QUICK_ONLY (a regexp),
//   BENCH_PORT (default 3530; the ceiling takes the next), BENCH_CONNECTIONS (default 20),
//   QUICK_VERBOSE=1 prints each call's statements,
//   QUICK_BUILD (a folder with the API's server.js, default apps/api/dist): the build measured, for a
//   before/after (copy apps/api/dist aside before rebuilding).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { CONNECTIONS, load, login, machine, startProcess, startServer, stopProcess } from './api/lib.mjs';
import { recordStatements } from './api/postgres.mjs';

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 3530);
const ROUNDS = Number(process.env.QUICK_ROUNDS ?? 4);
const SECONDS = Number(process.env.QUICK_SECONDS ?? 1.5);
const ONLY = process.env.QUICK_ONLY ? new RegExp(process.env.QUICK_ONLY, 'i') : null;
const BUDGET = 0.7;
/** The demo administrator (services/auth/first-admin.ts), created here through ADMIN_EMAIL. */
const ADMIN = { email: 'admin@demo.local', password: 'panel-demo-2026' };

/** The calls: health, the branches list, the panel's posts list (first page), the monthly leaderboard. */
const CALLS = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /api/branches', path: '/api/branches', as: 'admin' },
  { name: 'posts: first page', path: '/api/posts?page=1&per_page=20', as: 'admin' },
  { name: 'leaderboard: monthly', path: '/api/points/leaderboard?period=monthly', as: 'admin' },
].filter((c) => !ONLY || ONLY.test(c.name));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Requests answered 2xx in `seconds`, at CONNECTIONS connections. */
async function run(base, path, token, seconds) {
  const r = await autocannon({
    url: base + path,
    connections: CONNECTIONS,
    duration: seconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { ok: r['2xx'], errors: r.errors + r.timeouts + r.non2xx, p50: r.latency.p50, p99: r.latency.p99 };
}

const t0 = performance.now();
const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(0)} s`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const dbName = `panel_quick_${Date.now()}`;
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${dbName}`;
const dir = mkdtempSync(join(tmpdir(), 'panel-quick-'));
const procs = [];
let failed = 0;
try {
  console.log(`bench:quick — PostgreSQL, demo data; ${machine()}; load average ${load()}`);
  if (process.env.QUICK_BUILD) console.log(`  build measured: ${process.env.QUICK_BUILD}`);
  const env = {
    DATABASE_URL: url.toString(),
    DATA_DIR: dir,
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SEED_DEMO: '1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  // The first start migrates and seeds the demo data; the second records each call's SQL.
  await stopProcess((await startServer(env, PORT)).proc);
  console.log(`  database ${dbName} migrated and seeded (${elapsed()})`);
  await recordStatements(env, CALLS, dir, { port: PORT, accounts: { admin: ADMIN } });
  if (process.env.QUICK_VERBOSE)
    for (const c of CALLS)
      console.log(`  ${c.name}: ${c.statements.map((st) => st.text.slice(0, 90)).join(' | ')}`);
  const callsFile = join(dir, 'calls.json');
  writeFileSync(
    callsFile,
    JSON.stringify(
      CALLS.map((c) => ({ method: 'GET', statements: c.statements, transaction: c.transaction })),
    ),
  );
  const ceiling = await startProcess({
    args: ['bench/api/ceiling-server.mjs'],
    env: { DATABASE_URL: env.DATABASE_URL, CEILING_CALLS: callsFile },
    port: PORT + 1,
    readyPath: '/health',
  });
  procs.push(ceiling.proc);
  const app = process.env.QUICK_BUILD
    ? await startProcess({ args: [join(process.env.QUICK_BUILD, 'server.js')], env, port: PORT })
    : await startServer(env, PORT);
  procs.push(app.proc);
  const token = await login(app.base, ADMIN.email, ADMIN.password);
  const sides = CALLS.map((call, index) => ({
    call,
    app: { base: app.base, path: call.path, token: call.as ? token : undefined, runs: [] },
    ceiling: {
      base: ceiling.base,
      path: call.statements.length === 0 ? '/health' : `/c/${index}`,
      token: undefined,
      runs: [],
    },
  }));
  // A short warm-up of each side (JIT, plans, the session cache), not counted.
  for (const s of sides) {
    await run(s.app.base, s.app.path, s.app.token, 1);
    await run(s.ceiling.base, s.ceiling.path, undefined, 1);
  }
  console.log(
    `  ${ROUNDS} rounds × ${SECONDS} s per side, ${CONNECTIONS} connections, app and ceiling interleaved (${elapsed()})\n`,
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of sides) {
      const order = round % 2 === 0 ? [s.app, s.ceiling] : [s.ceiling, s.app];
      for (const side of order) side.runs.push(await run(side.base, side.path, side.token, SECONDS));
    }
  }
  const sum = (runs, key) => runs.reduce((n, r) => n + r[key], 0);
  const rate = (runs) => sum(runs, 'ok') / (runs.length * SECONDS);
  const worst = (runs, key) => Math.max(...runs.map((r) => r[key]));
  console.log(
    `  ${'call'.padEnd(22)} ${'app req/s'.padStart(9)} ${'p99'.padStart(6)} | ${'ceil req/s'.padStart(10)} ${'p99'.padStart(6)} | ${'rounds'.padEnd(16)} ratio  SQL`,
  );
  for (const s of sides) {
    // The median of the rounds' ratios: a burst of outside load that falls on one side of one round
    // moves that round only.
    const perRound = s.app.runs.map((r, i) => r.ok / s.ceiling.runs[i].ok);
    const ratio = median(perRound);
    const rounds = perRound.map((r) => r.toFixed(2)).join(' ');
    const errors = sum(s.app.runs, 'errors') + sum(s.ceiling.runs, 'errors');
    const ok = ratio >= BUDGET && errors === 0;
    if (!ok) failed++;
    console.log(
      `  ${s.call.name.padEnd(22)} ${rate(s.app.runs).toFixed(0).padStart(9)} ${`${worst(s.app.runs, 'p99')}ms`.padStart(6)} | ${rate(s.ceiling.runs).toFixed(0).padStart(10)} ${`${worst(s.ceiling.runs, 'p99')}ms`.padStart(6)} | ${rounds.padEnd(16)} ${ratio.toFixed(2)}× ${String(s.call.statements.length).padStart(3)}  ${ok ? 'PASS' : 'FAIL'} (≥ ${BUDGET}×)` +
        (errors ? `  errors: ${errors}` : ''),
    );
  }
  console.log(`\n${sides.length - failed} PASS, ${failed} FAIL in ${elapsed()} (load average now ${load()})`);
} finally {
  for (const proc of procs) await stopProcess(proc);
  rmSync(dir, { recursive: true, force: true });
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
process.exit(failed ? 1 : 0);
