// The embedded default (PGlite) with the demo data: start-up on a built checkout, resident memory at
// idle and under load, and the same calls under autocannon.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BENCH_LIMITS,
  conditions,
  hammer,
  load,
  login,
  rssMb,
  startServer,
  stopProcess,
  verdict,
} from './lib.mjs';
import { benchSignIn } from './sign-in.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3510);
const START_BUDGET = 3000;
const RSS_BUDGET = 400;
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (v) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;

export async function benchPglite() {
  conditions.head('embedded default (PGlite) with the demo data');
  const dataDir = mkdtempSync(join(tmpdir(), 'panel-bench-pglite-'));
  const env = { DATA_DIR: dataDir, SEED_DEMO: '1', ...BENCH_LIMITS };
  let server;
  try {
    const first = await startServer(env, PORT);
    console.log(`   first start (PGlite cluster, migrations, demo seed): ${ms(first.ms)}`);
    // What a new user's server holds once the seed (its images come from sharp's threads) is done.
    await new Promise((r) => setTimeout(r, 2000));
    const seeded = rssMb(first.proc.pid);
    verdict(
      `resident memory after the first start ≤ ${RSS_BUDGET} MB`,
      seeded <= RSS_BUDGET,
      `${seeded.toFixed(0)} MB`,
    );
    await stopProcess(first.proc);
    const starts = [];
    for (let i = 0; i < 3; i++) {
      const s = await startServer(env, PORT);
      starts.push(s.ms);
      if (i < 2) await stopProcess(s.proc);
      else server = s;
    }
    verdict(
      `start to healthy, existing data (median of 3) < ${START_BUDGET} ms`,
      median(starts) < START_BUDGET,
      `${ms(median(starts))} (${starts.map((t) => t.toFixed(0)).join(', ')}; load ${load()})`,
    );
    const base = server.base;
    const admin = await login(base, 'admin@demo.local', 'panel-demo-2026');
    const seller = await login(base, 'vendedor@demo.local', 'vendedor-demo-2026');
    const me =
      (await (await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${seller}` } })).json())
        .data ?? {};
    const feed = await (
      await fetch(`${base}/api/app/feed?per_page=50`, { headers: { authorization: `Bearer ${seller}` } })
    ).json();
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssMb(server.proc.pid);
    verdict(`resident memory at idle ≤ ${RSS_BUDGET} MB`, idle <= RSS_BUDGET, `${idle.toFixed(0)} MB`);

    const calls = [
      { name: 'health', path: '/api/health' },
      { name: 'posts: first page', path: '/api/posts?per_page=20', token: admin },
      { name: 'posts: search "oferta"', path: '/api/posts?per_page=20&q=oferta', token: admin },
      { name: 'users: search "gonzalez"', path: '/api/users?per_page=20&q=gonzalez', token: admin },
      { name: 'transactions: first page', path: '/api/points/transactions?per_page=20', token: admin },
      { name: 'transactions: page 5', path: '/api/points/transactions?per_page=20&page=5', token: admin },
      {
        name: 'transactions: search "encuesta"',
        path: '/api/points/transactions?per_page=20&q=encuesta',
        token: admin,
      },
      { name: 'leaderboard: monthly', path: '/api/points/leaderboard?period=monthly', token: admin },
      { name: 'leaderboard: all_time', path: '/api/points/leaderboard?period=all_time', token: admin },
      { name: "a seller's activity", path: `/api/users/${me.id}/activity`, token: admin },
      { name: 'dashboard summary', path: '/api/dashboard/summary', token: admin },
      { name: "seller's feed", path: '/api/app/feed', token: seller },
      {
        name: 'like a post',
        method: 'POST',
        paths: (feed.data ?? []).map((p) => `/api/app/posts/${p.id}/like`),
        token: seller,
      },
    ].filter((c) => !ONLY || ONLY.test(c.name));
    console.log(conditions.autocannon());
    let peak = idle;
    for (const call of calls) {
      const r = await hammer({ base, ...call });
      const rss = rssMb(server.proc.pid);
      peak = Math.max(peak, rss);
      console.log(
        `   ${call.name.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${ms(r.p50).padStart(7)}  p99 ${ms(r.p99).padStart(7)}  rss ${rss.toFixed(0).padStart(4)} MB  load ${load()}` +
          (r.errors ? `  (errors ${r.errors})` : ''),
      );
    }
    if (!ONLY || ONLY.test('sign-in')) await benchSignIn(base, admin);
    const after = rssMb(server.proc.pid);
    verdict(
      `resident memory under load ≤ ${RSS_BUDGET} MB`,
      peak <= RSS_BUDGET,
      `peak ${peak.toFixed(0)} MB, ${after.toFixed(0)} MB after`,
    );
  } finally {
    if (server) await stopProcess(server.proc);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
