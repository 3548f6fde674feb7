#!/usr/bin/env node
// Load test (docs/reliability.md), on PostgreSQL by default:
//   1. `--duration` seconds of the traffic simulator with `--sellers` sellers (300 by default) plus
//      administrators listing, searching, reading the dashboard and leaderboards and saving volumes
//      years: every answer must be a non-5xx within the timeout (0 5xx, 0 timeouts, 0 network errors).
//   2. SIGTERM while the same load runs: requests already accepted complete (none is cut), the
//      server exits 0, and every acknowledged volumes year is in the database afterwards.
// Usage: node scripts/load-test.mjs [--db postgres|pglite] [--sellers 300] [--duration 60] [--port 3554] [--source]
import { writeFileSync } from 'node:fs';
import {
  ADMIN,
  call,
  createTarget,
  loadAverage,
  login,
  openDirect,
  prng,
  rawCall,
  runSimulator,
  scriptOptions,
  sleep,
  startServer,
} from './lib/reliability.mjs';

const opts = scriptOptions(
  {
    db: { type: 'string', default: 'postgres' },
    sellers: { type: 'string', default: '300' },
    duration: { type: 'string', default: '60' },
    admins: { type: 'string', default: '3' },
    'timeout-ms': { type: 'string', default: '30000' },
  },
  {
    port: '3554',
    usage: `Uso: node scripts/load-test.mjs [opciones]
  --db postgres|pglite   base de datos (por defecto postgres)
  --sellers N            vendedores simulados (por defecto 300)
  --duration S           segundos de carga de la fase 1 (por defecto 60)
  --admins N             administradores en paralelo (por defecto 3)
  --port P               puerto del servidor (por defecto 3554)
  --source               corre apps/api/src con tsx en lugar de dist
  --timeout-ms MS        un pedido sin respuesta en este tiempo cuenta como timeout (30000)
  --json FILE            guarda las cifras en FILE`,
  },
);
const SELLERS = Number(opts.sellers);
const DURATION = Number(opts.duration);
const TIMEOUT_MS = Number(opts['timeout-ms']);
const random = prng(7);
const pick = (list) => list[Math.floor(random() * list.length)];

/** The simulator with the load's sellers, piped; `opened` resolves once its sessions are open. */
function loadSimulator(url, sellers, duration) {
  const sim = runSimulator(url, { sellers, duration, args: ['--max-requests', '1000000'], stdio: 'pipe' });
  const opened = new Promise((resolve) => {
    const timer = setInterval(() => {
      if (/sesiones abiertas/.test(sim.output()) || sim.child.exitCode !== null) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
  });
  return { ...sim, opened };
}

/** Administrators at work: lists, search, dashboard, leaderboard, and saving volumes years. */
function adminTraffic(url, token, sellers, stop, stats, raw = false, firstYear = 2034) {
  const yearOf = new Map();
  const one = async () => {
    while (!stop.now) {
      const roll = random();
      let res;
      if (roll < 0.35) {
        const user = pick(sellers);
        const year = firstYear + Math.floor(random() * 2);
        const key = `${user.id}:${year}`;
        const value = Math.floor(random() * 1_000_000);
        const state = yearOf.get(key) ?? { acked: null, pending: [] };
        yearOf.set(key, state);
        state.pending.push(value);
        const body = {
          user_id: user.id,
          year,
          items: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, target_amount: value })),
        };
        res = raw
          ? await rawCall(url, 'POST', '/user/volume/bulk-upsert', { token, body, timeoutMs: TIMEOUT_MS })
          : await call(url, 'POST', '/user/volume/bulk-upsert', { token, body, timeoutMs: TIMEOUT_MS });
        if (res.status === 200) {
          state.acked = value;
          state.pending = [];
          stats.acked++;
        }
      } else {
        const path = pick([
          '/users?role=seller&per_page=25&q=carga',
          '/users?per_page=50&sort=name',
          '/dashboard/summary',
          '/points/leaderboard?period=monthly&limit=20',
          '/points/transactions?per_page=50',
          `/user/volume?user_id=${pick(sellers).id}`,
          '/branches?per_page=25',
        ]);
        res = raw
          ? await rawCall(url, 'GET', path, { token, timeoutMs: TIMEOUT_MS })
          : await call(url, 'GET', path, { token, timeoutMs: TIMEOUT_MS });
      }
      stats.requests++;
      // Fastify answers 503 to a request that arrives once closing has begun: refused, not failed.
      if (res.status === 503 && stop.closing) stats.refusedWhileClosing++;
      else if (res.status >= 500) stats.e5xx++;
      else if (res.status === 0 && (res.timeout || res.error === 'TIMEOUT')) stats.timeouts++;
      else if (res.status === 0) stats.network.push(res.error);
    }
  };
  return { yearOf, done: Promise.all(Array.from({ length: Number(opts.admins) }, one)) };
}

const target = await createTarget(opts.db, { pgUrl: opts['pg-url'], label: 'load' });
const report = { db: opts.db, sellers: SELLERS, duration: DURATION };
let ok = true;
try {
  // First start (demo data), then the extra sellers, written directly with the demo sellers' hash.
  let server = await startServer(target, { port: Number(opts.port), source: opts.source });
  server.child.kill('SIGTERM');
  await server.exited;
  const direct = await openDirect(target);
  const [{ n: demoSellers }] = await direct.query(
    "SELECT count(*)::int AS n FROM users WHERE role = 'seller' AND active",
  );
  const extra = Math.max(0, SELLERS - demoSellers);
  await direct.query(
    `INSERT INTO users (name, email, role, branch_id, password_hash, active)
     SELECT 'Vendedor de carga ' || g, 'carga' || g || '@prueba.test', 'seller',
            (SELECT id FROM branches ORDER BY id LIMIT 1),
            (SELECT password_hash FROM users WHERE email = 'vendedor@demo.local'), true
     FROM generate_series(1, $1::int) g`,
    [extra],
  );
  await direct.close();
  server = await startServer(target, { port: Number(opts.port), source: opts.source });
  const adminToken = await login(server.url, ADMIN.email, ADMIN.password);
  const list = await call(server.url, 'GET', '/users?role=seller&per_page=100', { token: adminToken });
  const sellers = list.json.data;

  // Phase 1: steady load.
  console.log(
    `\n=== fase 1: ${SELLERS} vendedores + ${opts.admins} administradores, ${DURATION} s, ${target.describe} ===`,
  );
  const sim = loadSimulator(server.url, SELLERS, DURATION);
  await sim.opened;
  const stop = { now: false };
  const admin = { requests: 0, acked: 0, e5xx: 0, timeouts: 0, network: [] };
  const traffic = adminTraffic(server.url, adminToken, sellers, stop, admin);
  const simResult = await sim.done;
  stop.now = true;
  await traffic.done;
  const simRequests = Number(/fin=\S+ pedidos=(\d+)/.exec(simResult.output)?.[1] ?? 0);
  const simRate = /fin=\S+ pedidos=\d+ \((\d+)\/s\)/.exec(simResult.output)?.[1];
  const simErrors = Number(/Errores \(5xx o red\): (\d+)/.exec(simResult.output)?.[1] ?? -1);
  const sim5xx = (simResult.output.match(/→ 5\d\d/g) ?? []).length;
  console.log(
    simResult.output
      .split('\n')
      .filter((l) => /^fin=|^Errores|^ {2}\S+ \S+ → /.test(l))
      .join('\n'),
  );
  console.log(
    `administradores: ${admin.requests} pedidos, ${admin.acked} años de volúmenes guardados, ${admin.e5xx} 5xx, ` +
      `${admin.timeouts} timeouts, ${admin.network.length} errores de red`,
  );
  report.phase1 = {
    simulatorRequests: simRequests,
    simulatorPerSecond: Number(simRate ?? 0),
    simulatorErrors: simErrors,
    simulator5xx: sim5xx,
    simulatorExit: simResult.code,
    admin,
  };
  if (simErrors !== 0 || simResult.code !== 0 || admin.e5xx || admin.timeouts || admin.network.length)
    ok = false;

  // Phase 2: SIGTERM under the same load.
  console.log('\n=== fase 2: SIGTERM con la carga en curso ===');
  const sim2 = loadSimulator(server.url, SELLERS, 120);
  await sim2.opened;
  const stop2 = { now: false };
  const admin2 = { requests: 0, acked: 0, e5xx: 0, timeouts: 0, network: [], refusedWhileClosing: 0 };
  const traffic2 = adminTraffic(server.url, adminToken, sellers, stop2, admin2, true, 2036);
  for (let i = 0; admin2.acked < 5 && i < 600; i++) await sleep(100);
  await sleep(1000);
  const termAt = Date.now();
  stop2.closing = true;
  server.child.kill('SIGTERM');
  const exit = await server.exited;
  const stopMs = Date.now() - termAt;
  stop2.now = true;
  sim2.child.kill('SIGKILL');
  await traffic2.done;
  // Refused connections come after the listener closed, and resets before any byte of a response
  // are connections still in the kernel's queue when it closed: never accepted, never acknowledged.
  // A hang-up after the request was taken, or a timeout, would be an accepted request cut short.
  const cut = admin2.network.filter((e) => e !== 'ECONNREFUSED' && e !== 'ECONNRESET');
  const codes = {};
  for (const e of admin2.network) codes[e] = (codes[e] ?? 0) + 1;
  const direct2 = await openDirect(target);
  const rows = await direct2.query(
    `SELECT user_id || ':' || year AS key, count(*)::int AS n, min(target_amount)::float8 AS lo, max(target_amount)::float8 AS hi
     FROM monthly_volumes WHERE year >= 2036 GROUP BY user_id, year`,
  );
  await direct2.close();
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const lost = [];
  for (const [key, state] of traffic2.yearOf) {
    const row = byKey.get(key);
    const allowed = [state.acked, ...state.pending].filter((v) => v !== null);
    if (state.acked === null && !row) continue;
    if (!row || row.n !== 12 || row.lo !== row.hi || !allowed.includes(row.lo)) lost.push(key);
  }
  console.log(
    `SIGTERM: salida ${exit.code ?? exit.signal} en ${stopMs} ms; ${admin2.requests} pedidos de administración ` +
      `(${admin2.acked} escrituras confirmadas), ${cut.length} cortados, ${admin2.e5xx} 5xx, ` +
      `${admin2.network.length - cut.length + admin2.refusedWhileClosing} rechazados al cerrar (${JSON.stringify(codes)}, ` +
      `503: ${admin2.refusedWhileClosing}); ${lost.length} escrituras confirmadas perdidas`,
  );
  report.phase2 = {
    exitCode: exit.code,
    stopMs,
    adminRequests: admin2.requests,
    acked: admin2.acked,
    cut: cut.length,
    e5xx: admin2.e5xx,
    refusedWhileClosing: admin2.network.length - cut.length + admin2.refusedWhileClosing,
    networkCodes: codes,
    lost: lost.length,
  };
  if (exit.code !== 0 || cut.length || admin2.e5xx || lost.length) ok = false;
} finally {
  await target.cleanup();
}
report.load = await loadAverage();
report.ok = ok;
console.log(`\n${ok ? 'OK' : 'FALLA'}; carga del equipo (1, 5, 15 min): ${report.load}`);
if (opts.json) writeFileSync(opts.json, `${JSON.stringify(report, null, 2)}\n`);
process.exit(ok ? 0 : 1);
