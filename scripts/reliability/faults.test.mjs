// The reliability suite (`npm test -- reliability`, docs/reliability.md): faults of real components
// the suite starts itself, under load, with the built server started as deploy/panel@.service starts
// it (components.mjs). Each fault prints its figures (FIGURES lines, collected into
// .artifacts/reliability.json) for docs/reliability.md.
//   - PostgreSQL (a cluster of the suite's own) stopped and started again under load;
//   - the image store (s3rver) stopped while posts with images are uploaded;
//   - two instances behind nginx (deploy/nginx-panel.conf): one SIGKILLed under load, then a rolling
//     restart with SIGTERM; the session cache and the sign-in throttle across both;
//   - pushes from two instances' workers sharing the one queue, and one instance SIGKILLed mid fan-out.
// Where PostgreSQL's binaries, nginx or Redis are missing, the fault is skipped with a printed notice.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalPushService } from '../../apps/api/src/testing/push-service.ts';
import { call, login, rawCall, root, sleep } from '../lib/reliability.mjs';
import {
  cleanRedis,
  createCluster,
  createS3,
  DEPLOY,
  REDIS_DB,
  REDIS_URL,
  readEnvironmentFile,
  redisAnswers,
  startInstance,
  startNginx,
  tools,
} from './components.mjs';

const ENV_FILE = readEnvironmentFile(join(DEPLOY, 'panel.env.example'));
const ADMIN = { email: ENV_FILE.ADMIN_EMAIL.toLowerCase(), password: ENV_FILE.ADMIN_PASSWORD };
const SPANISH_503 = /no está disponible en este momento|no responde en este momento/;

// Ports: free ones given by npm test (RELIABILITY_PORTS, five of them), or 5140-5144.
const [pgPort, s3Port, nginxPort, aPort, bPort] = (
  process.env.RELIABILITY_PORTS ?? '5140,5141,5142,5143,5144'
)
  .split(',')
  .map(Number);
const PORTS = { pg: pgPort, s3: s3Port, nginx: nginxPort, a: aPort, b: bPort };

const missing = [
  !tools.initdb || !tools.pgCtl ? 'initdb/pg_ctl de PostgreSQL' : null,
  !tools.nginx ? 'nginx' : null,
].filter(Boolean);
const redisUp = await redisAnswers();
if (missing.length || !redisUp) {
  console.log(
    `AVISO (fiabilidad): sin ${[...missing, ...(redisUp ? [] : [`Redis en ${REDIS_URL}`])].join(', ')}: ` +
      'se omiten las fallas que lo necesitan (docs/reliability.md)',
  );
}
const noPostgres = !tools.initdb || !tools.pgCtl;

const skipped = [...missing, ...(redisUp ? [] : [`Redis en ${REDIS_URL}`])];
const figures = { skipped };
function report(name, data) {
  figures[name] = data;
  console.log(`FIGURES ${name} ${JSON.stringify(data)}`);
  const out = join(root, '.artifacts');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'reliability.json'), `${JSON.stringify(figures, null, 2)}\n`);
}

let cluster;
let databaseUrl;
const secret = randomBytes(32).toString('base64url');

/** What the suite replaces in the example environment file: its own addresses and secrets. */
const overrides = (extra = {}) => ({
  DATABASE_URL: databaseUrl,
  APP_SECRET: secret,
  REDIS_URL: `${REDIS_URL.replace(/\/\d*$/, '')}/${REDIS_DB}`,
  STORAGE_DRIVER: 'local',
  DATA_DIR: join(root, '.artifacts', 'reliability-data'),
  LOG_LEVEL: 'warn',
  ...extra,
});

beforeAll(async () => {
  if (noPostgres) return;
  cluster = createCluster(PORTS.pg);
  cluster.start();
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  await client.query('CREATE DATABASE panel');
  await client.end();
  databaseUrl = cluster.url.replace(/\/postgres$/, '/panel');
});
afterAll(async () => {
  cluster?.destroy();
  if (redisUp) await cleanRedis();
});

async function query(text, params) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Load: `writers` loops creating branches (a write whose acknowledgement is its id) and `readers`
 * loops listing branches and reading /api/me, each request recorded with its start, end and answer.
 * Each request on its own connection (rawCall): a kept-alive connection that nginx closes as it
 * reloads, just as the client sends on it, is the client's to retry (browsers do, for any method,
 * when nothing came back); here every request counts.
 */
function startLoad(url, token, { writers = 3, readers = 3, tag }) {
  const records = [];
  const acked = [];
  let stop = false;
  let n = 0;
  const one = async (method, path, body, kind) => {
    const at = Date.now();
    const res = await rawCall(url, method, path, { token, body, timeoutMs: 60_000 });
    const rec = { at, end: Date.now(), method, path, kind, status: res.status };
    if (res.status >= 300 || res.status === 0) rec.message = res.json?.message ?? res.error;
    records.push(rec);
    return res;
  };
  const writer = async () => {
    while (!stop) {
      const name = `Fiabilidad ${tag} ${++n}`;
      const res = await one('POST', '/branches', { name }, 'write');
      if (res.status === 201) acked.push({ id: res.json.data.id, name });
      else await sleep(50);
    }
  };
  const reader = async (i) => {
    while (!stop) {
      const res = await one('GET', i % 2 ? '/me' : '/branches?per_page=10', undefined, 'read');
      if (res.status >= 300) await sleep(50);
    }
  };
  const all = Promise.all([
    ...Array.from({ length: writers }, writer),
    ...Array.from({ length: readers }, (_, i) => reader(i)),
  ]);
  return {
    records,
    acked,
    async stop() {
      stop = true;
      await all;
    },
  };
}

/** The acknowledged branches missing from the database. */
async function lostWrites(acked) {
  const ids = acked.map((a) => a.id);
  const rows = await query('SELECT id, name FROM branches WHERE id = ANY($1::int[])', [ids]);
  const found = new Map(rows.map((r) => [r.id, r.name]));
  return acked.filter((a) => found.get(a.id) !== a.name);
}

const count = (list, fn) => list.filter(fn).length;
const statuses = (list) =>
  Object.entries(
    list.reduce((acc, r) => {
      acc[r.status] = (acc[r.status] ?? 0) + 1;
      return acc;
    }, {}),
  )
    .map(([s, c]) => `${c}×${s === '0' ? 'sin respuesta' : s}`)
    .join(', ');

describe.skipIf(noPostgres)('PostgreSQL stopped and started again under load', () => {
  it('answers a quick Spanish 503 during the outage, recovers by itself, and every acknowledged write is there', async () => {
    const instance = await startInstance(PORTS.a, overrides());
    try {
      const token = await login(instance.url, ADMIN.email, ADMIN.password);
      const load = startLoad(instance.url, token, { tag: 'pg' });
      await sleep(5000);
      const downAt = Date.now();
      cluster.stop();
      const stoppedAt = Date.now();
      await sleep(5000);
      const startAt = Date.now();
      cluster.start();
      const upAt = Date.now();
      let recoveredAt = null;
      while (Date.now() - upAt < 60_000) {
        const ok = load.records.find((r) => r.kind === 'write' && r.at >= upAt && r.status === 201);
        if (ok) {
          recoveredAt = ok.end;
          break;
        }
        await sleep(100);
      }
      await sleep(5000);
      await load.stop();

      const { records, acked } = load;
      const before = records.filter((r) => r.end < downAt);
      const outage = records.filter((r) => r.at >= stoppedAt && r.end <= startAt);
      const around = records.filter((r) => r.end >= downAt && r.at < upAt);
      const after = records.filter((r) => recoveredAt && r.at > recoveredAt);
      const lost = await lostWrites(acked);
      report('postgres-restart', {
        requests: records.length,
        before: statuses(before),
        outageSeconds: +((upAt - downAt) / 1000).toFixed(1),
        duringOutage: { requests: around.length, answers: statuses(around) },
        fullyInsideOutage503MaxMs: Math.max(0, ...outage.map((r) => r.end - r.at)),
        recoverySeconds: recoveredAt ? +((recoveredAt - upAt) / 1000).toFixed(1) : null,
        after: statuses(after),
        writesAcknowledged: acked.length,
        writesLost: lost.length,
      });
      expect(count(before, (r) => r.status >= 300)).toBe(0);
      expect(outage.length).toBeGreaterThan(0);
      // During the outage: 503 with the Spanish text, never a 500 or a hang.
      for (const r of around) {
        if (r.status < 300) continue;
        expect(r, JSON.stringify(r)).toMatchObject({ status: 503 });
        expect(r.message).toMatch(SPANISH_503);
      }
      // "Quick": the pool's connection timeout is 5 s; nothing waits for the database to come back.
      for (const r of outage) expect(r.end - r.at).toBeLessThan(15_000);
      expect(recoveredAt).not.toBeNull();
      expect(count(after, (r) => r.status >= 300)).toBe(0);
      expect(lost).toEqual([]);
      expect(acked.length).toBeGreaterThan(0);
    } finally {
      await instance.kill();
    }
  }, 240_000);
});

describe.skipIf(noPostgres)('the image store (S3) stopped while posts with images are uploaded', () => {
  it('answers a clear Spanish 503, and leaves no row without its files nor, after the sweep, a file without its row', async () => {
    const sharp = (await import('sharp')).default;
    const png = (seed) =>
      sharp(Buffer.from(Array.from({ length: 16 * 16 * 3 }, (_, i) => (i * 7 + seed * 13) % 256)), {
        raw: { width: 16, height: 16, channels: 3 },
      })
        .png()
        .toBuffer();
    const s3 = await createS3(PORTS.s3);
    const s3env = {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    };
    let instance = await startInstance(PORTS.a, overrides(s3env));
    const { AwsClient } = await import('aws4fetch');
    const aws = new AwsClient({
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      service: 's3',
      region: 'us-east-1',
    });
    const prefix = ENV_FILE.S3_PREFIX;
    const objects = async () => {
      const res = await aws.fetch(`${s3.endpoint}/${s3.bucket}?list-type=2&prefix=${prefix}&max-keys=1000`);
      const xml = await res.text();
      return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1].slice(prefix.length));
    };
    try {
      const token = await login(instance.url, ADMIN.email, ADMIN.password);
      let seed = 0;
      const upload = async (images) => {
        const form = new FormData();
        form.set('content', `Fiabilidad S3 ${seed}`);
        for (let i = 0; i < images; i++)
          form.append('images[]', new Blob([await png(++seed)], { type: 'image/png' }), `f${seed}.png`);
        const at = Date.now();
        const res = await call(instance.url, 'POST', '/posts', { token, form, timeoutMs: 60_000 });
        return {
          at,
          end: Date.now(),
          status: res.status,
          message: res.json?.message,
          id: res.json?.data?.id,
        };
      };
      const records = [];
      let stop = false;
      const uploaders = Array.from({ length: 3 }, async () => {
        while (!stop) {
          const r = await upload(3);
          records.push(r);
          if (r.status !== 201) await sleep(100);
        }
      });
      await sleep(4000);
      const downAt = Date.now();
      await s3.stop();
      await sleep(4000);
      const upAt = Date.now();
      await s3.start();
      await sleep(3000);
      stop = true;
      await Promise.all(uploaders);

      // Every post row has its files; every file left over is removed by the sweep at the next start.
      const refs = await query(
        `SELECT p.id, i.storage_key, i.thumb_key FROM posts p JOIN post_images i ON i.post_id = p.id
          WHERE p.content LIKE 'Fiabilidad S3 %'`,
      );
      const stored = new Set(await objects());
      const rowWithoutFile = refs.filter((r) => !stored.has(r.storage_key) || !stored.has(r.thumb_key));
      const referenced = new Set(
        (
          await query(
            'SELECT storage_key AS k FROM post_images UNION SELECT thumb_key FROM post_images UNION SELECT image_key FROM stories UNION SELECT thumb_key FROM stories',
          )
        ).map((r) => r.k),
      );
      // And one left as a kill -9 between a PUT and its commit would leave it: the sweep's case.
      const planted = `${randomBytes(32).toString('hex')}.png`;
      const put = await aws.fetch(`${s3.endpoint}/${s3.bucket}/${prefix}${planted}`, {
        method: 'PUT',
        body: await png(9999),
      });
      expect(put.status).toBe(200);
      const orphansBefore = [...(await objects())].filter((k) => !referenced.has(k));
      expect(orphansBefore).toContain(planted);
      await instance.stop();
      instance = await startInstance(PORTS.a, overrides({ ...s3env, UPLOAD_ORPHAN_GRACE_SECONDS: '0' }));
      const orphansAfter = (await objects()).filter((k) => !referenced.has(k));

      const during = records.filter((r) => r.end >= downAt && r.at < upAt);
      const outage = records.filter((r) => r.at >= downAt && r.end <= upAt);
      const acked = records.filter((r) => r.status === 201).map((r) => r.id);
      const ackedRows = new Set(refs.map((r) => r.id));
      report('s3-down', {
        uploads: records.length,
        outageSeconds: +((upAt - downAt) / 1000).toFixed(1),
        duringOutage: { uploads: during.length, answers: statuses(during) },
        outage503MaxMs: Math.max(0, ...outage.map((r) => r.end - r.at)),
        recoverySeconds: (() => {
          const ok = records.find((r) => r.at >= upAt && r.status === 201);
          return ok ? +((ok.end - upAt) / 1000).toFixed(1) : null;
        })(),
        postsAcknowledged: acked.length,
        rowsWithoutFile: rowWithoutFile.length,
        filesWithoutRowBeforeSweep: orphansBefore.length,
        filesWithoutRowAfterSweep: orphansAfter.length,
      });
      expect(outage.length).toBeGreaterThan(0);
      for (const r of during) {
        if (r.status === 201) continue;
        expect(r, JSON.stringify(r)).toMatchObject({ status: 503 });
        expect(r.message).toBe(
          'El almacenamiento de imágenes no responde en este momento, así que no se guardó nada. Intentá de nuevo en unos minutos.',
        );
      }
      for (const r of outage) expect(r.end - r.at).toBeLessThan(15_000);
      expect(count(records, (r) => r.status !== 201 && r.status !== 503)).toBe(0);
      for (const id of acked) expect(ackedRows.has(id)).toBe(true);
      expect(rowWithoutFile).toEqual([]);
      expect(orphansAfter).toEqual([]);
    } finally {
      await instance.kill();
      await s3.destroy();
    }
  }, 240_000);
});

describe.skipIf(noPostgres || !tools.nginx || !redisUp)('two instances behind nginx (deploy/)', () => {
  let a;
  let b;
  let nginx;
  beforeAll(async () => {
    [a, b] = await Promise.all([startInstance(PORTS.a, overrides()), startInstance(PORTS.b, overrides())]);
    nginx = startNginx({ port: PORTS.nginx, upstreams: [PORTS.a, PORTS.b] });
    await nginx.ready();
  }, 240_000);
  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([a?.kill(), b?.kill()]);
  });

  it('one instance SIGKILLed under load: reads are retried on the other, no acknowledged write is lost', async () => {
    const token = await login(nginx.url, ADMIN.email, ADMIN.password);
    const load = startLoad(nginx.url, token, { tag: 'kill' });
    await sleep(4000);
    const killAt = Date.now();
    await a.kill();
    const deadAt = Date.now();
    await sleep(4000);
    const restartAt = Date.now();
    a = await startInstance(PORTS.a, overrides());
    await sleep(4000);
    await load.stop();
    const { records, acked } = load;
    const lost = await lostWrites(acked);
    const during = records.filter((r) => r.end >= killAt && r.at < restartAt + a.readyMs);
    const failedReads = records.filter((r) => r.kind === 'read' && r.status >= 300);
    const failedWrites = records.filter((r) => r.kind === 'write' && r.status >= 300);
    report('nginx-sigkill', {
      requests: records.length,
      duringFault: { requests: during.length, answers: statuses(during) },
      failedReads: failedReads.length,
      failedWrites: failedWrites.map((r) => `${r.status} ${r.message ?? ''}`.trim()),
      restartSeconds: +(a.readyMs / 1000).toFixed(1),
      writesAcknowledged: acked.length,
      writesLost: lost.length,
    });
    expect(failedReads).toEqual([]);
    // A POST in flight on the killed instance is not sent twice: nginx answers 502 for it (with
    // the site's Spanish text), and only for requests that had reached it before it died.
    for (const r of failedWrites) {
      expect(r.status).toBe(502);
      expect(r.message).toMatch(/revisá si se guardó/);
      expect(r.at).toBeLessThanOrEqual(deadAt);
    }
    expect(failedWrites.length).toBeLessThanOrEqual(3);
    expect(lost).toEqual([]);
  }, 240_000);

  it('a rolling restart with SIGTERM, one instance at a time (deploy/rolling-restart.sh): 0 failed requests', async () => {
    // systemd's part: `systemctl restart panel@PORT` is the unit's KillSignal, then a new start.
    // Here the restart command signals the pid file's process and the suite starts it again.
    const pids = mkdtempSync(join(tmpdir(), 'panel-fiabilidad-pids-'));
    const exits = [];
    const instances = { [PORTS.a]: a, [PORTS.b]: b };
    const supervise = (port) => {
      const pidFile = join(pids, `${port}.pid`);
      writeFileSync(pidFile, `${instances[port].child.pid}\n`);
      instances[port].exited.then(async (exit) => {
        if (!supervising) return;
        exits.push(exit);
        instances[port] = await startInstance(port, overrides(), { pidFile });
        supervise(port);
      });
    };
    let supervising = true;
    supervise(PORTS.a);
    supervise(PORTS.b);
    const token = await login(nginx.url, ADMIN.email, ADMIN.password);
    const load = startLoad(nginx.url, token, { tag: 'rolling' });
    await sleep(3000);
    const began = Date.now();
    // Not spawnSync: the suite's event loop must go on (the load, and the restarts it stands in for).
    const script = await new Promise((resolve) => {
      const child = spawn(join(DEPLOY, 'rolling-restart.sh'), [String(PORTS.a), String(PORTS.b)], {
        env: {
          ...process.env,
          PANEL_NGINX_SITE: nginx.site,
          PANEL_NGINX_RELOAD: nginx.reloadCommand,
          PANEL_RESTART: `p=$(cat ${pids}/%s.pid); kill -TERM $p; while kill -0 $p 2>/dev/null; do sleep 0.1; done`,
        },
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('exit', (status) => resolve({ status, output }));
    });
    const ended = Date.now();
    await sleep(2000);
    await load.stop();
    supervising = false;
    a = instances[PORTS.a];
    b = instances[PORTS.b];
    rmSync(pids, { recursive: true, force: true });
    const { records, acked } = load;
    const lost = await lostWrites(acked);
    const failed = records.filter((r) => r.status >= 300 || r.status === 0);
    if (failed.length) console.log(`nginx error.log:\n${nginx.errorLog()}`);
    report('nginx-rolling-restart', {
      requests: records.length,
      duringRestart: records.filter((r) => r.end >= began && r.at <= ended).length,
      restartSeconds: +((ended - began) / 1000).toFixed(1),
      exits: exits.map((e) => e.code),
      failed: failed.length,
      failures: failed,
      writesAcknowledged: acked.length,
      writesLost: lost.length,
    });
    expect(script.status, script.output).toBe(0);
    expect(exits).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    expect(failed).toEqual([]);
    expect(lost).toEqual([]);
  }, 240_000);

  it('a session revoked through one instance is refused by both at once', async () => {
    const admin = await login(nginx.url, ADMIN.email, ADMIN.password);
    const email = `vendedor-${randomBytes(4).toString('hex')}@fiabilidad.test`;
    const created = await call(nginx.url, 'POST', '/users', {
      token: admin,
      body: { name: 'Vendedor de fiabilidad', email, password: 'clave-del-vendedor-2026', role: 'seller' },
    });
    expect(created.status).toBe(201);
    const seller = await login(nginx.url, email, 'clave-del-vendedor-2026');
    // Both instances have the session in their cache.
    for (const url of [a.url, b.url, nginx.url, nginx.url])
      expect((await call(url, 'GET', '/me', { token: seller })).status).toBe(200);
    const off = await call(a.url, 'PUT', `/users/${created.json.data.id}`, {
      token: admin,
      body: { active: false },
    });
    expect(off.status).toBe(200);
    const after = [];
    for (const url of [b.url, a.url, nginx.url, nginx.url, b.url])
      after.push((await call(url, 'GET', '/me', { token: seller })).status);
    report('nginx-session-revocation', { requestsAfterRevocation: after.length, answers: after });
    expect(after).toEqual([401, 401, 401, 401, 401]);
  }, 60_000);

  it('the sign-in throttle counts attempts on both instances together (Redis)', async () => {
    const admin = await login(nginx.url, ADMIN.email, ADMIN.password);
    const email = `objetivo-${randomBytes(4).toString('hex')}@fiabilidad.test`;
    const created = await call(nginx.url, 'POST', '/users', {
      token: admin,
      body: { name: 'Cuenta atacada', email, password: 'clave-correcta-2026', role: 'seller' },
    });
    expect(created.status).toBe(201);
    const answers = [];
    // Wrong guesses alternating between the instances (no device cookie: one budget per account).
    for (let i = 0; i < 12; i++) {
      const url = i % 2 ? b.url : a.url;
      answers.push((await call(url, 'POST', '/login', { body: { email, password: `mala-${i}` } })).status);
    }
    const right = await call(nginx.url, 'POST', '/login', {
      body: { email, password: 'clave-correcta-2026' },
    });
    report('nginx-throttle', { guesses: answers.length, answers, rightPasswordAfter: right.status });
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(answers.slice(10)).toEqual([429, 429]);
    expect(right.status).toBe(429);
  }, 60_000);
});

describe.skipIf(noPostgres || !tools.nginx || !redisUp)('pushes across two instances behind nginx', () => {
  // Both instances run through push-instance.mjs: the unit's start with the one option only code can
  // pass, so that they may send to this test's local push service (docs/reliability.md). An instance
  // without it must not share the queue meanwhile: it would claim these jobs, refuse their targets
  // and delete the subscriptions. So the instances above are stopped (their afterAll) before these start.
  const DEVICES_PER_SELLER = 2;
  const SELLERS = 12;
  let a;
  let b;
  let nginx;
  let service;
  let admin;
  let typeId;
  const devices = [];
  beforeAll(async () => {
    service = new LocalPushService();
    await service.start();
    const script = join(root, 'scripts/reliability/push-instance.mjs');
    [a, b] = await Promise.all(
      [PORTS.a, PORTS.b].map((port) => startInstance(port, overrides(), { script })),
    );
    nginx = startNginx({ port: PORTS.nginx, upstreams: [PORTS.a, PORTS.b] });
    await nginx.ready();
    admin = await login(nginx.url, ADMIN.email, ADMIN.password);
    const type = await call(nginx.url, 'POST', '/notification-types', {
      token: admin,
      body: { name: `Push de fiabilidad ${randomBytes(3).toString('hex')}`, color: '#1971C2' },
    });
    expect(type.status, JSON.stringify(type.json)).toBe(201);
    typeId = type.json.data.id;
    // Sellers with two devices each, subscribed through nginx (so through either instance).
    const run = randomBytes(3).toString('hex');
    for (let i = 0; i < SELLERS; i++) {
      const email = `push-${run}-${i}@fiabilidad.test`;
      const created = await call(nginx.url, 'POST', '/users', {
        token: admin,
        body: { name: `Vendedor push ${i}`, email, password: 'clave-del-vendedor-2026', role: 'seller' },
      });
      expect(created.status).toBe(201);
      const token = await login(nginx.url, email, 'clave-del-vendedor-2026');
      if (!service.vapidKey) {
        const key = await call(nginx.url, 'GET', '/app/push/public-key', { token });
        service.vapidKey = key.json.data.public_key;
      }
      for (let d = 0; d < DEVICES_PER_SELLER; d++) {
        const device = service.device(`${run}-${i}-${d}`);
        const res = await call(nginx.url, 'POST', '/app/push/subscriptions', {
          token,
          body: device.subscription,
        });
        expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
        devices.push({ name: `${run}-${i}-${d}`, device });
      }
    }
  }, 240_000);
  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([a?.kill(), b?.kill()]);
    await service?.stop();
  });

  const notify = (url, title) =>
    call(url, 'POST', '/notifications', {
      token: admin,
      body: { notification_type_id: typeId, branch_id: 0, title, message: 'Prueba de fiabilidad' },
    });
  const jobsOf = (ids) =>
    query(
      `SELECT j.id, j.notification_id, j.status, j.attempts, j.run_at, s.endpoint
         FROM push_jobs j LEFT JOIN push_subscriptions s ON s.id = j.subscription_id
        WHERE j.notification_id = ANY($1::int[]) ORDER BY j.id`,
      [ids],
    );
  /** Pushes of `ids` the local service received, per "device|notification". */
  const receipts = (ids) => {
    const counts = new Map();
    for (const r of service.received) {
      if (!ids.includes(r.payload.notification_id)) continue;
      const key = `${r.device}|${r.payload.notification_id}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  };
  /** panel_push_jobs_total{outcome="sent"} of one instance (its own worker's sends). */
  const sentBy = async (instance) => {
    const res = await fetch(`${instance.url}/api/metrics`, { headers: { authorization: `Bearer ${admin}` } });
    const m = /^panel_push_jobs_total\{outcome="sent"\} (\d+)$/m.exec(await res.text());
    return m ? Number(m[1]) : 0;
  };
  async function until(check, timeoutMs, what) {
    const started = Date.now();
    for (;;) {
      if (await check()) return Date.now();
      if (Date.now() - started > timeoutMs) throw new Error(`${what}: no ocurrió en ${timeoutMs / 1000} s`);
      await sleep(200);
    }
  }

  it('every device gets each notification exactly once, with both workers sending from the one queue', async () => {
    // A slow push service (150 ms an answer), so both workers have sends in flight at once.
    service.delayMs = 150;
    const sentBefore = [await sentBy(a), await sentBy(b)];
    const started = Date.now();
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) => notify(nginx.url, `Fiabilidad push ${i + 1}`)),
    );
    for (const r of created) expect(r.status, JSON.stringify(r.json)).toBe(201);
    const ids = created.map((r) => r.json.data.id);
    const doneAt = await until(
      async () => (await jobsOf(ids)).every((j) => j.status !== 'pending'),
      60_000,
      'los push de las 6 notificaciones',
    );
    service.delayMs = 0;
    const sentAfter = [await sentBy(a), await sentBy(b)];
    const jobs = await jobsOf(ids);
    const counts = receipts(ids);
    const expected = devices.flatMap((d) => ids.map((id) => `${d.name}|${id}`));
    const missing = expected.filter((k) => !counts.has(k));
    const duplicated = [...counts].filter(([, n]) => n > 1);
    const bySent = sentAfter.map((n, i) => n - sentBefore[i]);
    report('nginx-push-fanout', {
      devices: devices.length,
      notifications: ids.length,
      pushes: expected.length,
      seconds: +((doneAt - started) / 1000).toFixed(1),
      sentByInstance: { a: bySent[0], b: bySent[1] },
      received: [...counts.values()].reduce((x, y) => x + y, 0),
      missing: missing.length,
      duplicated: duplicated.length,
      jobsClaimedTwice: count(jobs, (j) => j.attempts > 1),
    });
    expect(jobs).toHaveLength(expected.length);
    expect(count(jobs, (j) => j.status !== 'sent')).toBe(0);
    expect(missing).toEqual([]);
    expect(duplicated).toEqual([]);
    expect(count(jobs, (j) => j.attempts !== 1)).toBe(0);
    // Each instance's worker sent a share (FOR UPDATE SKIP LOCKED split them), and no push twice.
    expect(bySent[0]).toBeGreaterThan(0);
    expect(bySent[1]).toBeGreaterThan(0);
    expect(bySent[0] + bySent[1]).toBe(expected.length);
  }, 120_000);

  it('an instance SIGKILLed mid fan-out: once the lease ends the other sends what it had claimed (at least once)', async () => {
    // The push service takes every push and holds its answer: the sends stay in flight, claimed.
    for (const d of devices) d.device.hold = true;
    const seen = service.received.length;
    // Straight to A, so its worker claims the fan-out as the request commits (B looks every 5 s).
    const res = await notify(a.url, 'Fiabilidad push con una instancia caída');
    expect(res.status).toBe(201);
    const id = res.json.data.id;
    await until(() => service.received.length >= seen + devices.length, 30_000, 'el envío de los push');
    // Half the devices answer 201 before the kill: those sends are written as sent.
    const answered = devices.slice(0, devices.length / 2);
    for (const d of answered) d.device.release();
    await until(
      async () => count(await jobsOf([id]), (j) => j.status === 'sent') === answered.length,
      15_000,
      'los envíos respondidos',
    );
    const leased = (await jobsOf([id])).filter((j) => j.status === 'pending');
    const leaseEnd = Math.max(...leased.map((j) => new Date(j.run_at).getTime()));
    const killAt = Date.now();
    await a.kill();
    for (const d of devices) d.device.hold = false;
    service.releaseAll(); // whatever B might have held; A's connections are gone with it
    const doneAt = await until(
      async () => (await jobsOf([id])).every((j) => j.status !== 'pending'),
      120_000,
      'los push reclamados por la instancia muerta',
    );
    const jobs = await jobsOf([id]);
    const counts = receipts([id]);
    const perDevice = devices.map((d) => counts.get(`${d.name}|${id}`) ?? 0);
    const resent = count(jobs, (j) => j.attempts > 1);
    report('nginx-push-sigkill', {
      devices: devices.length,
      answeredBeforeKill: answered.length,
      inFlightAtKill: leased.length,
      leaseSecondsLeftAtKill: +((leaseEnd - killAt) / 1000).toFixed(1),
      deliveredSecondsAfterKill: +((doneAt - killAt) / 1000).toFixed(1),
      deliveredSecondsAfterLease: +((doneAt - leaseEnd) / 1000).toFixed(1),
      jobsSentAgain: resent,
      devicesReceivedOnce: count(perDevice, (n) => n === 1),
      devicesReceivedTwice: count(perDevice, (n) => n === 2),
      lost: count(perDevice, (n) => n === 0),
      jobs: statuses(jobs.map((j) => ({ status: j.status }))),
    });
    expect(count(jobs, (j) => j.status !== 'sent')).toBe(0);
    expect(perDevice.every((n) => n >= 1)).toBe(true);
    // Answered before the kill: once. In flight on the dead instance: sent again by B once the
    // lease ended, so such a device got it twice (the push service had it; its 201 never came back).
    for (const d of answered) expect(counts.get(`${d.name}|${id}`)).toBe(1);
    const byEndpoint = new Map(jobs.map((j) => [j.endpoint, j.attempts]));
    for (const d of devices) {
      expect(counts.get(`${d.name}|${id}`), d.name).toBe(byEndpoint.get(d.device.subscription.endpoint));
    }
    expect(resent).toBeGreaterThan(0);
    expect(doneAt).toBeGreaterThanOrEqual(leaseEnd);
  }, 180_000);

  it('scheduled notifications whose time passed while every instance was down: published once at the next start, each device gets each once', async () => {
    // The previous test killed A: two fresh instances.
    await Promise.all([a?.kill(), b?.kill()]);
    const script = join(root, 'scripts/reliability/push-instance.mjs');
    [a, b] = await Promise.all(
      [PORTS.a, PORTS.b].map((port) => startInstance(port, overrides(), { script })),
    );
    const publishAt = new Date(Date.now() + 8_000).toISOString();
    const created = await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        call(nginx.url, 'POST', '/notifications', {
          token: admin,
          body: {
            notification_type_id: typeId,
            branch_id: 0,
            title: `Fiabilidad programada ${i + 1}`,
            message: 'Programada antes de la caída',
            publish_at: publishAt,
          },
        }),
      ),
    );
    for (const r of created) expect(r.status, JSON.stringify(r.json)).toBe(201);
    const ids = created.map((r) => r.json.data.id);
    // Every instance SIGKILLed before the time, and kept down past it.
    const killAt = Date.now();
    await Promise.all([a.kill(), b.kill()]);
    await sleep(Math.max(0, Date.parse(publishAt) - Date.now()) + 2_000);
    const whileDown = await query(
      `SELECT n.id, n.publish_at, j.status FROM notifications n JOIN scheduled_jobs j ON j.kind = 'notification' AND j.ref_id = n.id
        WHERE n.id = ANY($1::int[])`,
      [ids],
    );
    expect(whileDown.map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
    expect(whileDown.every((r) => r.publish_at !== null)).toBe(true);
    expect(await jobsOf(ids)).toEqual([]);

    // Both start again at once: their workers race for the overdue jobs.
    const restartAt = Date.now();
    [a, b] = await Promise.all(
      [PORTS.a, PORTS.b].map((port) => startInstance(port, overrides(), { script })),
    );
    const doneAt = await until(
      async () => {
        const jobs = await jobsOf(ids);
        return jobs.length === devices.length * ids.length && jobs.every((j) => j.status !== 'pending');
      },
      60_000,
      'la publicación y los push de las notificaciones programadas',
    );
    const scheduled = await query(
      `SELECT j.status, j.attempts, n.publish_at, n.created_at FROM scheduled_jobs j JOIN notifications n ON n.id = j.ref_id
        WHERE j.kind = 'notification' AND j.ref_id = ANY($1::int[])`,
      [ids],
    );
    const jobs = await jobsOf(ids);
    const counts = receipts(ids);
    const expected = devices.flatMap((d) => ids.map((id) => `${d.name}|${id}`));
    const missing = expected.filter((k) => !counts.has(k));
    const duplicated = [...counts].filter(([, n]) => n > 1);
    report('scheduled-publish-restart', {
      notifications: ids.length,
      devices: devices.length,
      downSeconds: +((restartAt - killAt) / 1000).toFixed(1),
      publishedSecondsAfterRestart: +((doneAt - restartAt) / 1000).toFixed(1),
      scheduledJobs: statuses(scheduled),
      pushJobs: jobs.length,
      missing: missing.length,
      duplicated: duplicated.length,
    });
    // Published once each (one scheduled job, done; the record published after the restart), its
    // pushes queued once (one push job per device) and each device got each notification once.
    expect(scheduled).toHaveLength(ids.length);
    expect(scheduled.every((r) => r.status === 'done' && r.publish_at === null)).toBe(true);
    expect(scheduled.every((r) => new Date(r.created_at).getTime() >= restartAt)).toBe(true);
    expect(jobs).toHaveLength(expected.length);
    expect(count(jobs, (j) => j.status !== 'sent')).toBe(0);
    expect(missing).toEqual([]);
    expect(duplicated).toEqual([]);
  }, 300_000);
});

describe('what the suite skipped', () => {
  it('is written down for npm test to print (never silently)', () => {
    report('skipped', skipped);
    expect(JSON.parse(readFileSync(join(root, '.artifacts', 'reliability.json'), 'utf8')).skipped).toEqual(
      skipped,
    );
  });
});
