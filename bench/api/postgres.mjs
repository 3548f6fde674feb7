// The large tenant on PostgreSQL: every hot call of the panel and the community app under autocannon,
// next to a bare Fastify + `pg` route that runs the very statements the app sent for that call.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { BENCH_SELLER, generate, SCALE, SIZES } from './data.mjs';
import {
  BENCH_LIMITS,
  CONNECTIONS,
  conditions,
  DURATION,
  hammer,
  load,
  login,
  startProcess,
  startServer,
  stopProcess,
  verdict,
  WARMUP,
} from './lib.mjs';

const PG_URL = process.env.BENCH_DATABASE_URL;
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const APP_PORT = Number(process.env.BENCH_PORT ?? 3510);
const CEILING_PORT = APP_PORT + 1;
const ADMIN = { email: 'bench@bench.local', password: 'bench-admin-2026' };
const RATIO_BUDGET = 0.7;
const P99_BUDGET = 50;
const P50_BUDGET = 20;
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
/** Interleaved runs a side per call; BENCH_DURATION seconds a side are split among them. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The calls of the issue, with the ids of this tenant. `fast`: the p50 < 20 ms budget applies. */
async function callsFor(client, ids) {
  const perPage = 20;
  const deepPosts = Math.max(2, Math.floor(SIZES.posts / 2 / perPage));
  const deepTx = Math.max(2, Math.floor(SIZES.transactions / 2 / perPage));
  const likeable = (
    await client.query(
      `SELECT id FROM posts WHERE branch_id IS NULL OR branch_id = $1 ORDER BY id DESC LIMIT 40000`,
      [ids.firstBranchId],
    )
  ).rows.map((r) => r.id);
  // The recording likes 21 posts first, so the like it records is the steady state: like_post's
  // daily limit (20) reached, as it is for nearly every like of the run.
  const recording = likeable.splice(-22);
  // Deep pages by keyset: the cursor of the row half-way down, as meta.next_cursor would give it.
  const cursorAt = async (table, offset) => {
    const { rows } = await client.query(
      `SELECT created_at::text AS at, id FROM ${table} ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`,
      [offset],
    );
    return Buffer.from(JSON.stringify([rows[0].at, Number(rows[0].id)])).toString('base64url');
  };
  const postsCursor = await cursorAt('posts', deepPosts * perPage);
  const txCursor = await cursorAt('point_transactions', deepTx * perPage);
  const visibleNewest = likeable.slice(0, perPage);
  const active = ids.sellerId + 123;
  const branch = ids.firstBranchId + 4;
  return [
    { name: 'health', path: '/api/health' },
    { name: 'posts: first page', path: `/api/posts?per_page=${perPage}`, as: 'admin' },
    {
      name: `posts: deep page (cursor, row ${deepPosts * perPage})`,
      path: `/api/posts?per_page=${perPage}&page=${deepPosts + 1}&cursor=${postsCursor}`,
      as: 'admin',
    },
    { name: 'posts: search "vidriera"', path: `/api/posts?per_page=${perPage}&q=vidriera`, as: 'admin' },
    { name: 'users: search "gonzalez"', path: `/api/users?per_page=${perPage}&q=gonzalez`, as: 'admin' },
    { name: 'transactions: first page', path: `/api/points/transactions?per_page=${perPage}`, as: 'admin' },
    {
      name: `transactions: deep page (cursor, row ${deepTx * perPage})`,
      path: `/api/points/transactions?per_page=${perPage}&page=${deepTx + 1}&cursor=${txCursor}`,
      as: 'admin',
    },
    {
      name: 'transactions: search "campaña"',
      path: `/api/points/transactions?per_page=${perPage}&q=${encodeURIComponent('campaña')}`,
      as: 'admin',
    },
    { name: 'leaderboard: monthly', path: '/api/points/leaderboard?period=monthly', as: 'admin', fast: true },
    { name: 'leaderboard: weekly', path: '/api/points/leaderboard?period=weekly', as: 'admin', fast: true },
    {
      name: 'leaderboard: all_time',
      path: '/api/points/leaderboard?period=all_time',
      as: 'admin',
      fast: true,
    },
    {
      name: 'leaderboard: monthly, one branch',
      path: `/api/points/leaderboard?period=monthly&branch_id=${branch}`,
      as: 'admin',
      fast: true,
    },
    { name: "a seller's activity", path: `/api/users/${active}/activity`, as: 'admin', fast: true },
    { name: 'dashboard summary', path: '/api/dashboard/summary', as: 'admin', fast: true },
    { name: "seller's feed", path: '/api/app/feed', as: 'seller' },
    {
      // The app's batch for the feed's first page: after the first call every view is already there
      // (ON CONFLICT DO NOTHING), as for a seller scrolling the same feed again.
      name: "seller's feed: views recorded",
      method: 'POST',
      path: '/api/app/views',
      body: JSON.stringify({ posts: visibleNewest, stories: [] }),
      as: 'seller',
    },
    {
      name: 'post reach (seen by every seller)',
      path: `/api/posts/${ids.firstPostId + 4}/reach`,
      as: 'admin',
    },
    // Participación (docs/performance.md): its own budget, p99 < 100 ms (issue 31, section 4). The
    // report is kept a minute per period (services/engagement/report-cache.ts): the recorded call sends
    // no SQL, so the ceiling would replay nothing and its ratio says nothing (`ceiling: false`).
    { name: 'engagement: 4 weeks', path: '/api/engagement?weeks=4', as: 'admin', p99: 100, ceiling: false },
    { name: 'engagement: 26 weeks', path: '/api/engagement?weeks=26', as: 'admin', p99: 100, ceiling: false },
    { name: 'engagement: inactive sellers', path: '/api/engagement/inactive', as: 'admin', p99: 100 },
    {
      name: 'like a post',
      method: 'POST',
      as: 'seller',
      // The app and the ceiling like different posts, so neither finds the other's likes.
      paths: likeable.filter((_, i) => i % 2 === 1).map((id) => `/api/app/posts/${id}/like`),
      ceilingIds: likeable.filter((_, i) => i % 2 === 0),
      idParam: recording[0],
      warmIds: recording.slice(1),
    },
  ].filter((c) => !ONLY || ONLY.test(c.name));
}

/**
 * One request per call on a server that records its SQL; the session look-up is left out (no auth in
 * the ceiling). `accounts` signs in the callers the calls name in `as`.
 */
export async function recordStatements(
  env,
  calls,
  dir,
  { port = APP_PORT, accounts = { admin: ADMIN, seller: BENCH_SELLER } } = {},
) {
  const log = join(dir, 'sql.log');
  writeFileSync(log, '');
  const server = await startServer({ ...env, BENCH_SQL_LOG: log }, port, [
    '--import',
    './bench/api/record-sql.mjs',
  ]);
  try {
    const tokens = {};
    for (const as of new Set(calls.map((c) => c.as).filter(Boolean))) {
      tokens[as] = await login(server.base, accounts[as].email, accounts[as].password);
    }
    for (const call of calls) {
      for (const id of call.warmIds ?? []) {
        const warm = await fetch(`${server.base}/api/app/posts/${id}/like`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[call.as]}` },
        });
        await warm.arrayBuffer();
      }
      // A read is recorded twice and the shorter list kept: a statement of the server's own
      // background work (the push worker, an upload sweep) that falls inside a request is not the call's.
      const attempts = call.method && call.method !== 'GET' ? 1 : 2;
      for (let attempt = 0; attempt < attempts; attempt++) {
        const before = statSync(log).size;
        const path = call.paths ? `/api/app/posts/${call.idParam}/like` : call.path;
        const res = await fetch(server.base + path, {
          method: call.method ?? 'GET',
          headers: {
            ...(call.as ? { authorization: `Bearer ${tokens[call.as]}` } : {}),
            ...(call.body ? { 'content-type': 'application/json' } : {}),
          },
          body: call.body,
        });
        if (!res.ok) throw new Error(`${call.name}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        const lines = readFileSync(log).subarray(before).toString('utf8').trim().split('\n').filter(Boolean);
        const statements = lines
          .map((l) => JSON.parse(l))
          .filter((s) => !/"sessions"|\bsessions\b/.test(s.text));
        if (!call.statements || statements.length < call.statements.length) call.statements = statements;
      }
      call.transaction = call.statements.some((s) => /^\s*begin/i.test(s.text));
    }
  } finally {
    await stopProcess(server.proc);
  }
}

const ms = (v) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;

export async function benchPostgres() {
  const admin = new pg.Client({ connectionString: PG_URL ?? ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`\nAVISO: PostgreSQL no responde (${error.message}); se omite la medición sobre PostgreSQL.`);
    return;
  }
  let url = PG_URL;
  let dbName = null;
  if (!url) {
    dbName = `panel_bench_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    const u = new URL(ADMIN_URL);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  const dir = mkdtempSync(join(tmpdir(), 'panel-bench-'));
  const procs = [];
  try {
    conditions.head(`large tenant on PostgreSQL (BENCH_SCALE=${SCALE}): ${JSON.stringify(SIZES)}`);
    // A call slower than the run must not leave queries behind that starve the next calls: both the
    // app and the ceiling cut statements at 10 s, and each run starts once the database is idle.
    const limited = new URL(url);
    limited.searchParams.set('options', '-c statement_timeout=10000');
    const appUrl = limited.toString();
    const env = {
      DATABASE_URL: appUrl,
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      SEED_DEMO: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...BENCH_LIMITS,
    };
    // Migrate (and create the admin and the built-in point actions) through the server itself, without
    // the runs' statement timeout: on an existing BENCH_DATABASE_URL a migration that rewrites the
    // ledger (0013: 37 s at 2 M rows) would be cut at 10 s and the server would not start.
    await stopProcess((await startServer({ ...env, DATABASE_URL: url }, APP_PORT)).proc);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let ids;
    if (dbName || process.env.BENCH_GENERATE === '1') {
      ids = await generate(client);
    } else {
      // An existing BENCH_DATABASE_URL that already holds the tenant.
      const q = async (sql) => (await client.query(sql)).rows[0].id;
      ids = {
        sellerId: await q(`SELECT id FROM users WHERE email = '${BENCH_SELLER.email}'`),
        firstBranchId: await q('SELECT min(id)::int AS id FROM branches'),
        firstPostId: await q('SELECT min(id)::int AS id FROM posts'),
      };
    }
    const calls = await callsFor(client, ids);
    await client.end();

    await recordStatements(env, calls, dir);
    if (process.env.BENCH_DEBUG)
      for (const c of calls) console.log(c.name, JSON.stringify(c.statements).slice(0, 300));
    const callsFile = join(dir, 'calls.json');
    writeFileSync(
      callsFile,
      JSON.stringify(
        calls.map((c) => ({
          method: c.method ?? 'GET',
          statements: c.statements,
          transaction: c.transaction,
          idParam: c.paths ? c.idParam : undefined,
        })),
      ),
    );
    const ceiling = await startProcess({
      args: ['bench/api/ceiling-server.mjs'],
      env: { DATABASE_URL: appUrl, CEILING_CALLS: callsFile },
      port: CEILING_PORT,
      readyPath: '/health',
    });
    procs.push(ceiling.proc);
    const server = await startServer(env, APP_PORT);
    procs.push(server.proc);
    const tokens = {
      admin: await login(server.base, ADMIN.email, ADMIN.password),
      seller: await login(server.base, BENCH_SELLER.email, BENCH_SELLER.password),
    };

    console.log(
      `\n   autocannon, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${+(DURATION / ROUNDS).toFixed(1)} s a side ` +
        `after a ${WARMUP} s warm-up; app = built server, ceiling = bare Fastify + pg, same SQL; ` +
        "figures are the rounds' medians",
    );
    console.log(
      `   ${'call'.padEnd(40)} ${'app req/s'.padStart(9)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} | ${'ceil req/s'.padStart(10)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} | ratio  SQL  load`,
    );
    const results = [];
    const idle = new pg.Client({ connectionString: appUrl });
    await idle.connect();
    const waitIdle = async () => {
      for (let i = 0; i < 120; i++) {
        const { rows } = await idle.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
        );
        if (rows[0].n === 0) return;
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    for (const [index, call] of calls.entries()) {
      const ceilingPaths = call.paths ? call.ceilingIds.map((id) => `/c/${index}/${id}`) : undefined;
      const sides = {
        app: {
          base: server.base,
          path: call.path,
          paths: call.paths,
          method: call.method,
          token: call.as ? tokens[call.as] : undefined,
          body: call.body,
        },
        ceiling: {
          base: ceiling.base,
          path: ceilingPaths
            ? undefined
            : call.name === 'health' && call.statements.length === 0
              ? '/health'
              : `/c/${index}`,
          paths: ceilingPaths,
          method: call.method,
        },
      };
      // ROUNDS interleaved runs a side (app then ceiling, then ceiling then app…), each warmed up
      // once: a load that comes and goes weighs on both alike, and the ratio is the median of the
      // rounds' ratios (one 10 s sample a side gave 0.70× and 0.99× for the same code path).
      const rounds = [];
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? ['app', 'ceiling'] : ['ceiling', 'app'];
        const figures = {};
        for (const side of order) {
          await waitIdle();
          figures[side] = await hammer({
            ...sides[side],
            duration: DURATION / ROUNDS,
            warmup: round === 0 ? WARMUP : 0,
          });
        }
        rounds.push({ ...figures, ratio: figures.app.rps / figures.ceiling.rps });
      }
      const side = (name) => ({
        rps: median(rounds.map((r) => r[name].rps)),
        p50: median(rounds.map((r) => r[name].p50)),
        p99: median(rounds.map((r) => r[name].p99)),
        errors: rounds.reduce((n, r) => n + r[name].errors, 0),
      });
      const app = side('app');
      const ceil = side('ceiling');
      const ratio = median(rounds.map((r) => r.ratio));
      results.push({ call, app, ceil, ratio });
      console.log(
        `   ${call.name.padEnd(40)} ${app.rps.toFixed(0).padStart(9)} ${ms(app.p50).padStart(7)} ${ms(app.p99).padStart(7)} | ${ceil.rps.toFixed(0).padStart(10)} ${ms(ceil.p50).padStart(7)} ${ms(ceil.p99).padStart(7)} | ${ratio.toFixed(2).padStart(5)} ${String(call.statements.length).padStart(4)}  ${load()}` +
          `  (rounds ${rounds.map((r) => r.ratio.toFixed(2)).join(', ')})` +
          (app.errors || ceil.errors ? `  (errors: app ${app.errors}, ceiling ${ceil.errors})` : ''),
      );
    }
    await idle.end();
    console.log('\n   budgets (PostgreSQL, large tenant)');
    for (const { call, app, ratio } of results) {
      if (call.ceiling !== false)
        verdict(`${call.name}: ≥ ${RATIO_BUDGET}× ceiling`, ratio >= RATIO_BUDGET, `${ratio.toFixed(2)}×`);
      const p99Budget = call.p99 ?? P99_BUDGET;
      verdict(`${call.name}: p99 < ${p99Budget} ms`, app.rps > 0 && app.p99 < p99Budget, ms(app.p99));
      if (call.fast)
        verdict(`${call.name}: p50 < ${P50_BUDGET} ms`, app.rps > 0 && app.p50 < P50_BUDGET, ms(app.p50));
      if (app.errors) verdict(`${call.name}: no errors`, false, `${app.errors} errors`);
    }
    return results;
  } finally {
    for (const proc of procs) await stopProcess(proc);
    rmSync(dir, { recursive: true, force: true });
    if (dbName) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}
