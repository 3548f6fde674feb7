// `npm run bench`, part "push" (issue 23 item 10; issue 20 item 2): a notification to 10 000 subscribed
// devices, delivered to a local push receiver, with and without 100 dead endpoints among them.
//
// How the receiver is reached without weakening production: no setting or environment variable lets a
// push go to this machine (the allowlist and the public-address check of services/push/targets.ts).
// The sender therefore runs the real app in-process (bench/push/fanout-run.ts: buildApp with its push
// plugin, durable queue, sender and background worker) with the tests' programmatic switch
// `localTestService`, which admits `https://localhost:<port>` endpoints and the loopback address. The
// pushes still go over verified TLS: this script makes a certificate for `localhost` with openssl, the
// receiver serves it, and the sender trusts it through NODE_EXTRA_CA_CERTS (which only adds a trusted
// certificate; it opens no target).
//
// Three processes, so the receiver's work does not count against the sender's event loop: this driver,
// the receiver (bench/push/receiver.ts: counts arrivals, decrypts every 100th push with aes128gcm and
// verifies its VAPID JWT, as the API tests' receiver does; dead endpoints never answer) and the sender.
// Printed: devices, seconds from the notification's creation to the last push, p50/p99 per device, the
// event loop's delay in the sender during the fan-out, its CPU, and the budgets as PASS/FAIL.
//
// BENCH_PUSH_DEVICES (10 000) and BENCH_PUSH_DEAD (100) size it; BENCH_PUSH_DB=pglite|postgres picks the
// database (default: PostgreSQL when the local server answers, as a company of this size runs; else
// PGlite); BENCH_ONLY filters on "push"; BENCH_PUSH_NODE_ARGS adds node flags to the sender (--cpu-prof).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { load, machine, root, verdict } from '../api/lib.mjs';

const DEVICES = Number(process.env.BENCH_PUSH_DEVICES ?? 10_000);
const DEAD = Number(process.env.BENCH_PUSH_DEAD ?? 100);
const BUDGET_S = 30;
/** One seller's push while DEAD endpoints that never answer are in the same notification. */
const ONE_SELLER_BUDGET_MS = 2_000;
/** The sender's event loop during the fan-out (what another request would wait); past it, encrypt in workers. */
const LOOP_P99_BUDGET_MS = 50;
const PG_SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const ms = (v) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const s = (v) => `${v.toFixed(1)} s`;

async function postgresDatabase() {
  const client = new pg.Client({ connectionString: PG_SERVER, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch {
    return null;
  }
  const name = `panel_bench_push_${process.pid}`;
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const admin = new pg.Client({ connectionString: PG_SERVER });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export async function benchPush() {
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
  if (only && !only.test('push')) return;
  console.log(`\n== push fan-out: ${DEVICES} devices to a local receiver over TLS, ${DEAD} dead endpoints`);
  console.log(`   machine: ${machine()}; load average ${load()}`);
  const dir = mkdtempSync(join(tmpdir(), 'panel-bench-push-tls-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  if (made.status !== 0) throw new Error('openssl could not make the bench certificate');

  const wanted = process.env.BENCH_PUSH_DB;
  const database = wanted === 'pglite' ? null : await postgresDatabase();
  if (wanted === 'postgres' && !database) throw new Error(`PostgreSQL does not answer at ${PG_SERVER}`);
  const tsx = ['--import', 'tsx'];
  const receiver = spawn(process.execPath, [...tsx, 'bench/push/receiver.ts'], {
    cwd: root,
    env: { ...process.env, TLS_KEY: key, TLS_CERT: cert },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const port = await new Promise((resolve, reject) => {
      receiver.once('message', (m) => resolve(m.port));
      receiver.once('exit', () => reject(new Error('the push receiver exited')));
    });
    const extra = process.env.BENCH_PUSH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const sender = spawn(process.execPath, [...extra, ...tsx, 'bench/push/fanout-run.ts'], {
      cwd: root,
      env: {
        ...process.env,
        RECEIVER_PORT: String(port),
        NODE_EXTRA_CA_CERTS: cert,
        BENCH_PUSH_DEVICES: String(DEVICES),
        BENCH_PUSH_DEAD: String(DEAD),
        ...(database ? { BENCH_PUSH_DATABASE_URL: database.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    sender.stdout.on('data', (chunk) => {
      out += chunk;
    });
    const code = await new Promise((resolve) => sender.on('exit', resolve));
    const line = out.trim().split('\n').at(-1);
    if (code !== 0 || !line?.startsWith('{'))
      throw new Error(`the push sender failed (${code}): ${out.slice(-500)}`);
    report(JSON.parse(line));
  } finally {
    receiver.kill();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function report({ database, idle, seedMs, concurrency, timeoutMs, results, jobs }) {
  console.log(
    `   ${database}; PUSH_CONCURRENCY ${concurrency}, PUSH_TIMEOUT_SECONDS ${timeoutMs / 1000}; ` +
      `seeding ${DEVICES + DEAD + 2} subscriptions took ${ms(seedMs)}`,
  );
  console.log(
    `   ${'scenario'.padEnd(58)} devices   seconds   p50/device  p99/device  POST   loop max/p99   CPU   sample decrypted`,
  );
  for (const r of results) {
    console.log(
      `   ${r.name.padEnd(58)} ${String(r.devices).padStart(6)} ${s(r.seconds).padStart(9)} ${ms(r.p50Ms).padStart(11)} ${ms(r.p99Ms).padStart(11)} ` +
        `${ms(r.answeredMs).padStart(6)} ${`${ms(r.loopMaxMs)}/${ms(r.loopP99Ms)}`.padStart(14)} ${s(r.cpuSeconds).padStart(6)}   ` +
        `${r.sampled} ok, ${r.decryptFailures} failed`,
    );
  }
  console.log(
    `   the sender's event loop doing nothing for 3 s before (the machine's own noise): max ${ms(idle.loopMaxMs)}, p99 ${ms(idle.loopP99Ms)}`,
  );
  console.log(
    `   jobs after the run: ${jobs.map((j) => `${j.status} ${j.n}`).join(', ')}; load average now ${load()}`,
  );
  const [alone, all, withDead, allDead] = results;
  const ok = (r) => r.devices >= r.expected && r.decryptFailures === 0;
  verdict(
    `push: ${DEVICES} devices delivered ≤ ${BUDGET_S} s`,
    ok(all) && all.seconds <= BUDGET_S,
    `${s(all.seconds)}, p99 ${ms(all.p99Ms)} per device (${all.devices}/${all.expected})`,
  );
  verdict(
    `push: ${DEVICES} devices + ${DEAD} dead, the live ones ≤ ${BUDGET_S} s`,
    ok(allDead) && allDead.seconds <= BUDGET_S,
    `${s(allDead.seconds)}, p99 ${ms(allDead.p99Ms)} per device (without dead: ${s(all.seconds)}, p99 ${ms(all.p99Ms)})`,
  );
  verdict(
    `push: event-loop delay p99 during the ${DEVICES}-device fan-out ≤ ${LOOP_P99_BUDGET_MS} ms`,
    all.loopP99Ms <= LOOP_P99_BUDGET_MS,
    `${ms(all.loopP99Ms)}, max ${ms(all.loopMaxMs)} (idle before: p99 ${ms(idle.loopP99Ms)}, max ${ms(idle.loopMaxMs)})`,
  );
  verdict(
    `push: one seller's push with ${DEAD} dead endpoints ≤ ${ONE_SELLER_BUDGET_MS} ms`,
    ok(withDead) && withDead.p99Ms <= ONE_SELLER_BUDGET_MS,
    `${ms(withDead.p99Ms)} (alone: ${ms(alone.p99Ms)}; issue 20 measured 40 ms → 53 s)`,
  );
}
