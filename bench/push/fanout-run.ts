// The sender side of `npm run bench` (push): the real app (buildApp, its push plugin, queue and
// sender, background worker on) in this process, on a fresh database, with the tests' programmatic
// switch `localTestService` so it may reach the receiver on this machine. Started by fanout.mjs with
// NODE_EXTRA_CA_CERTS naming the receiver's certificate, so the pushes go over verified TLS, as to
// FCM. Prints one JSON line with the figures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase, queryRows } from '../../apps/api/src/db/client.ts';
import { applyMigrations } from '../../apps/api/src/db/migrate.ts';
import { bearer, createUser, tokenFor } from '../../apps/api/src/testing/factories.ts';
import { deviceKeys } from './keys.ts';

const DEVICES = Number(process.env.BENCH_PUSH_DEVICES ?? 10_000);
const DEAD = Number(process.env.BENCH_PUSH_DEAD ?? 100);
const RECEIVER = `https://localhost:${process.env.RECEIVER_PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'panel-bench-push-'));

const receiver = async (path: string, body?: object) => {
  const res = await fetch(`${RECEIVER}${path}`, {
    method: body ? 'POST' : 'GET',
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.status === 204 ? null : res.json();
};

const config = loadConfig({
  DATA_DIR: dataDir,
  APP_SECRET: 'bench-push-secret-de-al-menos-32-caracteres',
  SEED_DEMO: '0',
  LOG_LEVEL: 'silent',
  VAPID_SUBJECT: 'mailto:soporte@empresa.com.ar',
  ...(process.env.BENCH_PUSH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_PUSH_DATABASE_URL } : {}),
});
const db = await openDatabase(config.database);
await applyMigrations(db);
const app = await buildApp({ config, db, push: { localTestService: true } });
await app.ready();

// Branches: L (the 10 000 devices), D (100 sellers with a dead endpoint each, and one seller whose
// device answers), S (one seller alone, the baseline for one seller's push).
const branch = async (name: string) =>
  (await queryRows<{ id: number }>(db.db, sql`INSERT INTO branches (name) VALUES (${name}) RETURNING id`))[0]!
    .id;
const [L, D, S] = [await branch('Bench L'), await branch('Bench D'), await branch('Bench S')];
const sellers = async (branchId: number, count: number, tag: string) =>
  (
    await queryRows<{ id: number }>(
      db.db,
      sql`INSERT INTO users (name, email, role, branch_id, password_hash)
        SELECT 'Vendedor ' || g, ${tag} || g || '@bench.com.ar', 'seller', ${branchId}, 'x'
        FROM generate_series(1, ${count}) g RETURNING id`,
    )
  ).map((r) => r.id);
const subscribe = async (userIds: number[], devices: number[], kind: 'push' | 'dead') => {
  const keys = devices.map(deviceKeys);
  const arr = (xs: (string | number)[]) => `{${xs.join(',')}}`;
  await queryRows(
    db.db,
    sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
      SELECT * FROM unnest(${arr(userIds)}::int[], ${arr(devices.map((n) => `${RECEIVER}/${kind}/${n}`))}::text[],
        ${arr(keys.map((k) => k.public.toString('base64url')))}::text[], ${arr(keys.map((k) => k.auth.toString('base64url')))}::text[])`,
  );
};
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const t0 = performance.now();
await subscribe(await sellers(L, DEVICES, 'l'), range(1, DEVICES), 'push');
await subscribe(await sellers(D, DEAD, 'd'), range(1, DEAD), 'dead');
const [other] = await sellers(D, 1, 'o');
await subscribe([other!], [DEVICES + 1], 'push');
const [alone] = await sellers(S, 1, 's');
await subscribe([alone!], [DEVICES + 2], 'push');
const seedMs = performance.now() - t0;

const admin = await createUser(db.db, { role: 'admin' });
const token = await tokenFor(db.db, admin.id);
const [type] = await queryRows<{ id: number }>(
  db.db,
  sql`INSERT INTO notification_types (name, icon) VALUES ('Aviso', '3.png') RETURNING id`,
);
const vapidKey = (await app.push.keys()).publicKey;

/** One notification; resolves when `expect` pushes have arrived (or after `limitMs`). */
async function scenario(name: string, branchId: number, expect: number, limitMs = 120_000) {
  await receiver('/reset', { vapidKey });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const cpu = process.cpuUsage();
  loop.enable();
  const start = performance.timeOrigin + performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/notifications',
    headers: bearer(token),
    payload: {
      notification_type_id: type!.id,
      branch_id: branchId,
      title: `Bench ${name}`,
      message: 'Reunión mañana a las 9',
    },
  });
  if (res.statusCode !== 201) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
  const answeredMs = performance.timeOrigin + performance.now() - start;
  let stats: { received: number } = { received: 0 };
  while (performance.timeOrigin + performance.now() - start < limitMs) {
    stats = await receiver('/stats');
    if (stats.received >= expect) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  loop.disable();
  const used = process.cpuUsage(cpu);
  const final = await receiver('/stats?arrivals=1');
  const latencies = (final.arrivals as number[]).map((t) => t - start).sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? NaN;
  return {
    name,
    devices: final.received,
    expected: expect,
    seconds: (latencies.at(-1) ?? NaN) / 1000,
    p50Ms: pct(50),
    p99Ms: pct(99),
    answeredMs,
    sampled: final.sampled,
    decryptFailures: final.failed,
    deadSeen: final.dead,
    loopMaxMs: loop.max / 1e6,
    loopP99Ms: loop.percentile(99) / 1e6,
    cpuSeconds: (used.user + used.system) / 1e6,
  };
}

/** Waits until no send is in flight: dead endpoints have waited out their timeout (their retry is later). */
async function settle() {
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      db.db,
      sql`SELECT count(*)::int AS n FROM push_jobs WHERE status = 'pending' AND last_error IS NULL`,
    );
    if (row!.n === 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The event loop's delay with nothing to do: what the machine's other load alone costs. */
async function idleLoop() {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  await new Promise((r) => setTimeout(r, 3000));
  loop.disable();
  return { loopMaxMs: loop.max / 1e6, loopP99Ms: loop.percentile(99) / 1e6 };
}

const idle = await idleLoop();
const results = [];
results.push(await scenario('one seller, alone', S, 1));
results.push(await scenario(`${DEVICES} devices`, L, DEVICES));
await settle();
results.push(await scenario(`one seller, ${DEAD} dead endpoints in the same notification`, D, 1));
await settle();
results.push(await scenario(`${DEVICES} devices + ${DEAD} dead endpoints`, 0, DEVICES + 2));
const jobs = await queryRows<{ status: string; n: number }>(
  db.db,
  sql`SELECT status, count(*)::int AS n FROM push_jobs GROUP BY status ORDER BY status`,
);
console.log(
  JSON.stringify({
    database: config.database.kind,
    idle,
    seedMs,
    concurrency: config.push.concurrency,
    timeoutMs: config.push.timeoutMs,
    results,
    jobs,
  }),
);
await app.close();
await db.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
