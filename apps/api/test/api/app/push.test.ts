import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { Writable } from 'node:stream';
import { APP_MSG, notificationPushPayload, surveyReminderPayload } from '@panel/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import { type Db, queryRows } from '../../../src/db/client.ts';
import { notificationTypes } from '../../../src/db/schema/notifications.ts';
import { appSettings, pushJobs, pushSubscriptions } from '../../../src/db/schema/push.ts';
import { defaultPushHostRules } from '../../../src/lib/push-hosts.ts';
import { PushQueue, type PushQueueOptions } from '../../../src/services/push/queue.ts';
import { PushSender } from '../../../src/services/push/send.ts';
import type { Lookup } from '../../../src/services/push/targets.ts';
import {
  ensureVapidKeys,
  VAPID_SUBJECT_PLACEHOLDER,
  vapidSubject,
} from '../../../src/services/push/vapid.ts';
import { bearer, createBranch, createUser, tokenFor } from '../../../src/testing/factories.ts';
import { freePort } from '../../../src/testing/free-port.ts';
import { browserKeys, createPushTestContext, LocalPushService } from '../../../src/testing/push-service.ts';
import { createTestContext, type TestContext, testConfig } from '../../../src/testing/test-app.ts';

// Web Push (issue 14, hardened by issue 20): keys, subscriptions, allowed targets, the durable
// queue and real delivery to a local push service that decrypts what arrives. This file's main
// context reaches that service through the programmatic test switch (`localTestService`); the
// production rules are tested on a second context without it.

const NOW = new Date('2026-11-25T15:00:00Z');
let clock = NOW;
let ctx: TestContext;
let service: LocalPushService;
beforeAll(async () => {
  ({ ctx, service } = await createPushTestContext({
    now: () => clock,
    // The device cap below needs more new devices an hour than the per-account limit lets through.
    env: { RATE_LIMIT_PUSH_SUBSCRIPTIONS: '100/1h' },
  }));
});
afterAll(async () => {
  await ctx?.close();
  await service?.stop();
});

let branchA: number;
let branchB: number;
let typeId: number;
let adminToken: string;
let sellerA: { id: number; token: string };
let sellerB: { id: number; token: string };

beforeEach(async () => {
  clock = NOW;
  service.received.length = 0;
  await ctx.reset();
  branchA = (await createBranch(ctx.db)).id;
  branchB = (await createBranch(ctx.db)).id;
  const [type] = await ctx.db.insert(notificationTypes).values({ name: 'Aviso', icon: '3.png' }).returning();
  typeId = type!.id;
  adminToken = await tokenFor(ctx.db, ctx.admin.id, NOW);
  const a = await createUser(ctx.db, { branchId: branchA });
  const b = await createUser(ctx.db, { branchId: branchB });
  sellerA = { id: a.id, token: await tokenFor(ctx.db, a.id, NOW) };
  sellerB = { id: b.id, token: await tokenFor(ctx.db, b.id, NOW) };
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: bearer(token) });

const subscribe = (token: string, subscription: object) =>
  call('POST', '/api/app/push/subscriptions', token, subscription);

const notify = (branchId: number | null, title = 'Reunión mañana', message = 'A las 9, en la sucursal') =>
  call('POST', '/api/notifications', adminToken, {
    notification_type_id: typeId,
    branch_id: branchId ?? 0,
    title,
    message,
  });

const jobs = () => ctx.db.select().from(pushJobs).orderBy(pushJobs.id);

/** A sender that reaches the local push service (the test switch), as the app's does. */
const testSender = (timeoutMs = 10_000) => new PushSender({ policy: ctx.app.push.policy, timeoutMs });
const testVapid = async () => ({ subject: 'mailto:soporte@empresa.com.ar', ...(await ctx.app.push.keys()) });
/** A queue on this file's database and clock, sending through testSender(`timeoutMs`). */
const testQueue = ({ timeoutMs, ...options }: Partial<PushQueueOptions> & { timeoutMs?: number } = {}) =>
  new PushQueue({
    db: ctx.db,
    log: ctx.app.log,
    now: () => clock,
    sender: testSender(timeoutMs),
    vapid: testVapid,
    ...options,
  });

describe('VAPID keys', () => {
  it('are made once, kept in the database, and served to the app', async () => {
    const res = await call('GET', '/api/app/push/public-key', sellerA.token);
    expect(res.statusCode).toBe(200);
    const key = res.json().data.public_key;
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    // The pair the app holds is the one stored; another instance reads the same one.
    const stored = await ensureVapidKeys(ctx.db, {});
    expect(stored.source).toBe('database');
    expect((await ctx.db.select().from(appSettings)).map((r) => r.key)).toEqual(['vapid']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/app/push/public-key' })).statusCode).toBe(401);
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set', async () => {
    const env = { publicKey: 'B'.repeat(87), privateKey: 'p'.repeat(43) };
    expect(await ensureVapidKeys(ctx.db, env)).toEqual({ ...env, source: 'env' });
  });
});

/** Keys web-push cannot use: a 65-byte "point" that is not on P-256 (the job's encryption throws). */
const offCurveKey = () => Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');

/** A subscription row as one written before issue 20's checks (no route accepts it any more). */
async function legacySubscription(db: Db, userId: number, endpoint: string, keys = browserKeys()) {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: clock })
    .returning();
  return row!;
}

/** A TCP listener that only counts the connections made to it (on 127.0.0.1). */
async function connectionCounter(): Promise<{
  port: number;
  count: () => number;
  close: () => Promise<void>;
}> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    count: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('subscriptions', () => {
  it('are one per device (endpoint): created, updated, taken over, and removed only by their owner', async () => {
    const device = service.device('telefono');
    const first = await subscribe(sellerA.token, device.subscription);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.endpoint).toBe(device.subscription.endpoint);
    expect((await subscribe(sellerA.token, device.subscription)).statusCode).toBe(200);
    // The same phone signed in as someone else now notifies them: the device is the last subscriber's.
    expect((await subscribe(sellerB.token, device.subscription)).statusCode).toBe(200);
    let rows = await ctx.db.select().from(pushSubscriptions);
    expect(rows.map((r) => r.userId)).toEqual([sellerB.id]);
    // The former owner's DELETE is a 404 and changes nothing.
    const endpoint = { endpoint: device.subscription.endpoint };
    const foreign = await call('DELETE', '/api/app/push/subscriptions', sellerA.token, endpoint);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(APP_MSG.pushSubscriptionNotFound);
    expect(await ctx.db.select().from(pushSubscriptions)).toEqual(rows);
    expect((await call('DELETE', '/api/app/push/subscriptions', sellerB.token, endpoint)).statusCode).toBe(
      204,
    );
    rows = await ctx.db.select().from(pushSubscriptions);
    expect(rows).toEqual([]);
    // Gone already: 404 as well.
    expect((await call('DELETE', '/api/app/push/subscriptions', sellerB.token, endpoint)).statusCode).toBe(
      404,
    );
  });

  it('refuses a subscription without valid keys or endpoint, naming the field', async () => {
    const device = service.device('roto');
    const noKeys = await subscribe(sellerA.token, { endpoint: device.subscription.endpoint });
    expect(noKeys.statusCode).toBe(400);
    expect(noKeys.json().message).toContain(APP_MSG.pushKeysInvalid);
    const badUrl = await subscribe(sellerA.token, { ...device.subscription, endpoint: 'no es una url' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().errors.endpoint).toEqual([APP_MSG.pushEndpointInvalid]);
    expect(await ctx.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('accepts only keys web-push can use: auth of 16 bytes, p256dh an uncompressed point on P-256', async () => {
    const good = browserKeys();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const cases: [string, { p256dh: string; auth: string }, 'keys.p256dh' | 'keys.auth'][] = [
      ['auth of 15 bytes', { ...good, auth: randomBytes(15).toString('base64url') }, 'keys.auth'],
      ['auth of 17 bytes', { ...good, auth: randomBytes(17).toString('base64url') }, 'keys.auth'],
      ['auth of 24 bytes', { ...good, auth: randomBytes(24).toString('base64url') }, 'keys.auth'],
      ['auth not base64url', { ...good, auth: 'ñ'.repeat(22) }, 'keys.auth'],
      ['p256dh off the curve', { ...good, p256dh: offCurveKey() }, 'keys.p256dh'],
      [
        'p256dh compressed (33 bytes)',
        { ...good, p256dh: ecdh.getPublicKey(undefined, 'compressed').toString('base64url') },
        'keys.p256dh',
      ],
      [
        'p256dh without 0x04',
        {
          ...good,
          p256dh: Buffer.concat([
            Buffer.from([5]),
            Buffer.from(good.p256dh, 'base64url').subarray(1),
          ]).toString('base64url'),
        },
        'keys.p256dh',
      ],
      [
        'p256dh of 64 bytes',
        { ...good, p256dh: Buffer.from(good.p256dh, 'base64url').subarray(0, 64).toString('base64url') },
        'keys.p256dh',
      ],
      [
        'p256dh x beyond the field',
        { ...good, p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xff)]).toString('base64url') },
        'keys.p256dh',
      ],
    ];
    for (const [label, keys, field] of cases) {
      const res = await subscribe(sellerA.token, {
        endpoint: service.device(`k-${field}`).subscription.endpoint,
        keys,
      });
      expect(res.statusCode, label).toBe(400);
      const message = field === 'keys.auth' ? APP_MSG.pushAuthInvalid : APP_MSG.pushP256dhInvalid;
      expect(res.json().errors[field], label).toEqual([message]);
    }
    expect(await ctx.db.select().from(pushSubscriptions)).toEqual([]);
    // Padded base64url, as some browsers send it, is accepted.
    const padded = { p256dh: `${good.p256dh}=`, auth: `${good.auth}==` };
    expect(
      (
        await subscribe(sellerA.token, {
          endpoint: service.device('relleno').subscription.endpoint,
          keys: padded,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('keeps at most PUSH_MAX_DEVICES (10) per seller: a new device replaces the oldest', async () => {
    const devices = Array.from({ length: 12 }, (_, i) => service.device(`tope-${i}`));
    for (const [i, device] of devices.entries()) {
      clock = new Date(NOW.getTime() + i * 60_000);
      expect((await subscribe(sellerA.token, device.subscription)).statusCode).toBe(201);
    }
    const kept = await ctx.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, sellerA.id));
    expect(kept.map((r) => r.endpoint).sort()).toEqual(
      devices
        .slice(2)
        .map((d) => d.subscription.endpoint)
        .sort(),
    );
    // Parallel subscriptions (2,000 in 2 s in the report) never leave more than the cap.
    const burst = Array.from({ length: 30 }, (_, i) => service.device(`rafaga-${i}`));
    const answers = await Promise.all(burst.map((d) => subscribe(sellerB.token, d.subscription)));
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    const [count] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = ${sellerB.id}`,
    );
    expect(count!.n).toBe(10);
    // Seller A's devices were not touched by B's.
    expect(
      await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, sellerA.id)),
    ).toHaveLength(10);
  });
});

describe('push targets (production rules, without the test switch)', () => {
  let prod: TestContext;
  let token: string;
  beforeAll(async () => {
    prod = await createTestContext({ push: { worker: false } });
  });
  afterAll(() => prod?.close());
  beforeEach(async () => {
    await prod.reset();
    token = prod.seller.token;
  });

  const subscribeProd = (endpoint: string) =>
    prod.app.inject({
      method: 'POST',
      url: '/api/app/push/subscriptions',
      headers: bearer(token),
      payload: { endpoint, keys: browserKeys() },
    });

  it('accepts the real push services on port 443', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx2f',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://fcm.googleapis.com:443/fcm/send/explicit-port',
    ]) {
      expect((await subscribeProd(endpoint)).statusCode, endpoint).toBe(201);
    }
  });

  it('refuses every other target at subscribe time with a Spanish 400 naming the endpoint', async () => {
    const port = 8443;
    for (const endpoint of [
      'https://localhost/x',
      'https://localhost./x',
      'https://LOCALHOST./x',
      `https://localhost:${port}/x`,
      'https://impresora.local./x',
      'https://nas.local/x',
      'https://vm/x',
      'https://127.0.0.1/x',
      'https://127.1/x',
      'https://2130706433/x',
      'https://0x7f.1/x',
      'https://[::1]/x',
      'https://[::127.0.0.1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[64:ff9b::7f00:1]/x',
      'https://[fec0::1]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://10.1.2.3/x',
      'https://172.20.0.1/x',
      'https://192.168.0.4/x',
      'https://100.64.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://198.18.0.1/x',
      'https://198.19.255.254/x',
      'https://224.0.0.1/x',
      'https://239.255.255.250/x',
      'https://240.0.0.1/x',
      'https://255.255.255.255/x',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://push.example.com/x',
      // A real push service, but not on 443, not https, with credentials, or a look-alike name.
      `https://fcm.googleapis.com:${port}/fcm/send/x`,
      'http://fcm.googleapis.com/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com./fcm/send/x',
      'https://fcm.googleapis.com.attacker.net/fcm/send/x',
      'https://evilfcm.googleapis.com/x',
      'https://push.services.mozilla.com/x',
      'https://push.services.mozilla.com.attacker.net/x',
      'https://attacker-notify.windows.com/x',
      'ftp://web.push.apple.com/x',
    ]) {
      const res = await subscribeProd(endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      const { message, errors } = res.json();
      expect([APP_MSG.pushEndpointNotAllowed, APP_MSG.pushEndpointInvalid], endpoint).toContain(message);
      expect(errors.endpoint, endpoint).toEqual([message]);
    }
    expect(await prod.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('stores one spelling of an endpoint: case, a host’s escapes and full-width letters are one device; an empty label is refused (issue 28, item 10)', async () => {
    const path = '/fcm/send/mismo-dispositivo';
    const first = await subscribeProd(`https://fcm.googleapis.com${path}`);
    expect(first.statusCode).toBe(201);
    for (const spelling of [
      `HTTPS://FCM.GoogleAPIs.com${path}`,
      `https://%66cm.googleapis.com${path}`,
      `https://\uff46\uff43\uff4d.googleapis.com${path}`,
      `https://fcm.googleapis.com:443${path}`,
    ]) {
      const res = await subscribeProd(spelling);
      expect(res.statusCode, spelling).toBe(200);
      expect(res.json().data.endpoint, spelling).toBe(`https://fcm.googleapis.com${path}`);
    }
    const rows = await prod.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(rows).toEqual([{ endpoint: `https://fcm.googleapis.com${path}` }]);
    // Unsubscribing by another spelling finds it too.
    const gone = await prod.app.inject({
      method: 'DELETE',
      url: '/api/app/push/subscriptions',
      headers: bearer(token),
      payload: { endpoint: `https://FCM.googleapis.com${path}` },
    });
    expect(gone.statusCode).toBe(204);
    const empty = await subscribeProd('https://a..push.services.mozilla.com/wpush/v2/x');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.endpoint).toEqual([APP_MSG.pushEndpointInvalid]);
  });

  it('PUSH_EXTRA_HOSTS extends the list for a self-hosted push service, and is validated', () => {
    const config = testConfig({ PUSH_EXTRA_HOSTS: 'push.empresa.com.ar, *.autopush.empresa.com.ar:8443' });
    expect(config.push.hosts).toEqual([
      ...defaultPushHostRules(),
      { host: 'push.empresa.com.ar', wildcard: false, port: 443 },
      { host: 'autopush.empresa.com.ar', wildcard: true, port: 8443 },
    ]);
    for (const bad of [
      '127.0.0.1',
      'localhost',
      'push.local',
      'metadata.google.internal',
      '[::1]',
      'http://x.com',
      'a..b.com',
      'push.empresa.com:99999',
    ]) {
      expect(() => testConfig({ PUSH_EXTRA_HOSTS: bad }), bad).toThrow(/PUSH_EXTRA_HOSTS/);
    }
  });

  it('checks again at send time: a stored endpoint that is not a push service is never connected to', async () => {
    // A row written before these checks, on a name that really resolves to 127.0.0.1.
    const listener = await connectionCounter();
    try {
      const seller = await createUser(prod.db);
      const sub = await legacySubscription(prod.db, seller.id, `https://localhost:${listener.port}/x`);
      const [type] = await prod.db.insert(notificationTypes).values({ name: 'Aviso' }).returning();
      expect(
        (
          await prod.asAdmin('POST', '/api/notifications', {
            notification_type_id: type!.id,
            branch_id: 0,
            title: 'T',
            message: 'M',
          })
        ).statusCode,
      ).toBe(201);
      expect(await prod.app.push.queue.drain()).toEqual({ sent: 0, gone: 0, failed: 1, retried: 0 });
      expect(listener.count()).toBe(0);
      const [job] = await prod.db.select().from(pushJobs);
      expect(job).toMatchObject({ status: 'failed' });
      expect(job!.lastError).toContain('no es de un servicio push permitido');
      // It can never receive: the subscription is gone, so later notifications do not queue for it.
      expect(await prod.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id))).toEqual(
        [],
      );
    } finally {
      await listener.close();
    }
  });
});

describe('push targets at send time: resolved addresses', () => {
  let listener: Awaited<ReturnType<typeof connectionCounter>>;
  beforeAll(async () => {
    listener = await connectionCounter();
  });
  afterAll(() => listener?.close());

  /** An app whose allowed hosts include push.empresa.com.ar on the listener's port, resolved by `lookup`. */
  async function withResolver(
    lookup: Lookup,
    localTestService: boolean,
    run: (c: TestContext) => Promise<void>,
  ) {
    const c = await createTestContext({
      push: { worker: false, lookup, localTestService },
      env: { PUSH_EXTRA_HOSTS: `push.empresa.com.ar:${listener.port}`, PUSH_TIMEOUT_SECONDS: '2' },
    });
    try {
      await run(c);
    } finally {
      await c.close();
    }
  }

  const notifyAll = async (c: TestContext) => {
    const [type] = await c.db
      .insert(notificationTypes)
      .values({ name: `Aviso ${Math.random()}` })
      .returning();
    const res = await c.asAdmin('POST', '/api/notifications', {
      notification_type_id: type!.id,
      branch_id: 0,
      title: 'T',
      message: 'M',
    });
    expect(res.statusCode).toBe(201);
  };

  it('refuses a host name that resolves to 127.0.0.1 (or to any address that is not public) before connecting', async () => {
    let answers: string[] = [];
    const lookup: Lookup = async () =>
      answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    await withResolver(lookup, false, async (c) => {
      const endpoint = `https://push.empresa.com.ar:${listener.port}/x`;
      const res = await c.app.inject({
        method: 'POST',
        url: '/api/app/push/subscriptions',
        headers: bearer(c.seller.token),
        payload: { endpoint, keys: browserKeys() },
      });
      expect(res.statusCode, res.body).toBe(201);
      for (const next of [
        ['127.0.0.1'],
        ['::1'],
        ['10.0.0.8'],
        ['169.254.169.254'],
        ['::ffff:127.0.0.1'],
        ['::127.0.0.1'],
        ['64:ff9b::7f00:1'],
        ['fec0::1'],
        ['198.18.0.1'],
        ['240.0.0.1'],
        // One private answer among public ones is refused too.
        ['142.250.0.10', '127.0.0.1'],
      ]) {
        answers = next;
        await notifyAll(c);
        expect(await c.app.push.queue.drain(), next.join()).toEqual({
          sent: 0,
          gone: 0,
          failed: 1,
          retried: 0,
        });
        const [job] = await c.db.select().from(pushJobs).orderBy(desc(pushJobs.id)).limit(1);
        expect(job!.lastError, next.join()).toContain('no pública');
      }
      // The host is allowed; only its addresses were not: the subscription stays.
      expect(await c.db.select().from(pushSubscriptions)).toHaveLength(1);
    });
    expect(listener.count()).toBe(0);
  });

  it('connects to the very address it checked (a DNS answer that changes later is never used)', async () => {
    // The local service listens on 127.0.0.1 only; the resolver answers 127.0.0.1 once, then
    // 127.0.0.2, where nothing listens. The test switch lets loopback through, so the push
    // arrives only if the connection uses the first, checked answer.
    const local = new LocalPushService();
    await local.start();
    try {
      let calls = 0;
      const lookup: Lookup = async () => [{ address: calls++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
      const c = await createTestContext({ push: { worker: false, lookup, localTestService: true } });
      try {
        local.vapidKey = (await c.app.push.keys()).publicKey;
        const device = local.device('fijado');
        const named = {
          ...device.subscription,
          endpoint: device.subscription.endpoint.replace('127.0.0.1', 'localhost'),
        };
        await c.db
          .insert(pushSubscriptions)
          .values({ userId: c.seller.id, endpoint: named.endpoint, ...named.keys });
        await notifyAll(c);
        expect(await c.app.push.queue.drain()).toEqual({ sent: 1, gone: 0, failed: 0, retried: 0 });
        expect(local.received.map((r) => r.device)).toEqual(['fijado']);
        expect(calls).toBe(1);
      } finally {
        await c.close();
      }
    } finally {
      await local.stop();
    }
  });

  it('the control: with the test switch the same resolver answer is connected to', async () => {
    const before = listener.count();
    const lookup: Lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    await withResolver(lookup, true, async (c) => {
      await c.db.insert(pushSubscriptions).values({
        userId: c.seller.id,
        endpoint: `https://push.empresa.com.ar:${listener.port}/x`,
        ...browserKeys(),
      });
      await notifyAll(c);
      await c.app.push.queue.drain();
    });
    expect(listener.count()).toBeGreaterThan(before);
  });
});

describe('the VAPID subject', () => {
  it('defaults to a valid address: a real administrator, else a placeholder Apple accepts, never a .local one', async () => {
    // This context's administrators are @prueba.test, a reserved domain.
    expect(await vapidSubject(ctx.db, undefined)).toEqual({
      subject: VAPID_SUBJECT_PLACEHOLDER,
      source: 'placeholder',
    });
    await createUser(ctx.db, { role: 'admin', email: 'admin@demo.local' });
    expect((await vapidSubject(ctx.db, undefined)).subject).toBe(VAPID_SUBJECT_PLACEHOLDER);
    // The placeholder passes the rule a hand-set VAPID_SUBJECT must pass.
    expect(() =>
      loadConfig({ DATA_DIR: ctx.config.dataDir, VAPID_SUBJECT: VAPID_SUBJECT_PLACEHOLDER }),
    ).not.toThrow();
    expect(() =>
      loadConfig({ DATA_DIR: ctx.config.dataDir, VAPID_SUBJECT: 'mailto:admin@demo.local' }),
    ).toThrow(/VAPID_SUBJECT/);
    await createUser(ctx.db, { role: 'admin', email: 'operaciones@limpieza.com.ar' });
    expect(await vapidSubject(ctx.db, undefined)).toEqual({
      subject: 'mailto:operaciones@limpieza.com.ar',
      source: 'admin',
    });
    expect((await vapidSubject(ctx.db, 'mailto:soporte@empresa.com.ar')).subject).toBe(
      'mailto:soporte@empresa.com.ar',
    );
  });

  it('a local demo starts without a VAPID or Apple warning; a deployment without a real contact gets one about VAPID_SUBJECT', async () => {
    for (const host of ['127.0.0.1', '0.0.0.0']) {
      const lines: { level: number; msg: string }[] = [];
      const stream = new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
          done();
        },
      });
      const config = testConfig({ HOST: host });
      const app = await buildApp({
        config,
        db: ctx.testDb.database,
        logger: { level: 'info', stream },
        push: { worker: true },
      });
      await app.ready();
      await app.close();
      const warnings = lines.filter((l) => l.level >= 40).map((l) => l.msg);
      expect(warnings.join('\n')).not.toMatch(/Apple|BadJwtToken/);
      const localDemo = config.database.kind === 'pglite' && host === '127.0.0.1';
      expect(
        warnings.some((m) => m.includes('VAPID_SUBJECT')),
        host,
      ).toBe(!localDemo);
    }
  });
});

describe('delivery', () => {
  it("delivers a survey's reminder in the worker's pass, with its own payload, to the sellers who have not answered", async () => {
    // docs/decisions/2026-12-04-reminders.md: due a day before the close; sellerB's branch is not the survey's.
    await subscribe(sellerA.token, service.device('a-recordatorio').subscription);
    await subscribe(sellerB.token, service.device('b-recordatorio').subscription);
    const end = new Date(NOW.getTime() + 3 * 86_400_000);
    const created = await call('POST', '/api/admin/surveys', adminToken, {
      title: 'Relevamiento de góndolas',
      active: true,
      branch_id: branchA,
      end_date: end.toISOString(),
      reminder_minutes: 1440,
      questions: [{ question_text: '¿Todo bien?', type: 'boolean', required: true }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const surveyId = created.json().data.id as number;
    expect(await ctx.app.push.queue.drain()).toEqual({ sent: 0, gone: 0, failed: 0, retried: 0 });
    clock = new Date(end.getTime() - 1440 * 60_000);
    expect(await ctx.app.push.queue.drain()).toEqual({ sent: 1, gone: 0, failed: 0, retried: 0 });
    expect(service.received.map((r) => r.device)).toEqual(['a-recordatorio']);
    expect(service.received[0]!.payload).toEqual(
      surveyReminderPayload(
        { id: surveyId, title: 'Relevamiento de góndolas', endDate: end },
        ctx.config.timeZone,
      ),
    );
    expect((await jobs()).map((j) => [j.notificationId, j.status])).toEqual([[null, 'sent']]);
  });

  it("queues one push per device of the branch's sellers and delivers them encrypted", async () => {
    const phone = service.device('a-telefono');
    const laptop = service.device('a-notebook');
    const other = service.device('b-telefono');
    await subscribe(sellerA.token, phone.subscription);
    await subscribe(sellerA.token, laptop.subscription);
    await subscribe(sellerB.token, other.subscription);
    const res = await notify(branchA);
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    expect(res.json().data.push_sent_count).toBe(0);
    expect((await jobs()).map((j) => j.status)).toEqual(['pending', 'pending']);

    expect(await ctx.app.push.queue.drain()).toEqual({ sent: 2, gone: 0, failed: 0, retried: 0 });
    expect(service.received.map((r) => r.device).sort()).toEqual(['a-notebook', 'a-telefono']);
    for (const push of service.received) {
      expect(push.payload).toEqual({
        title: 'Reunión mañana',
        body: 'A las 9, en la sucursal',
        notification_id: id,
        url: `/comunidad/notificaciones?id=${id}`,
        icon: '/icons/notifications/3.png',
        tag: `notification-${id}`,
      });
      // The browser test delivers notificationPushPayload's payload: it is what was decrypted here.
      expect(push.payload).toEqual(
        notificationPushPayload({
          id,
          title: 'Reunión mañana',
          message: 'A las 9, en la sucursal',
          icon: '3.png',
        }),
      );
      expect(push.jwt.aud).toBe(service.origin);
      expect(push.jwt.sub).toBe('mailto:soporte@empresa.com.ar');
      expect(push.jwt.exp * 1000).toBeGreaterThan(Date.now());
      expect(push.headers.ttl).toBe('86400');
    }
    // The panel shows "Enviada a N dispositivos" from this count, in the list and the detail.
    const list = (await call('GET', '/api/notifications', adminToken)).json();
    expect(list.data[0]).toMatchObject({ id, push_sent_count: 2 });

    // An all-branch notification reaches every seller's device; nothing is sent twice.
    await notify(null, 'Para todos', 'Feriado el lunes');
    expect((await ctx.app.push.queue.drain()).sent).toBe(3);
    expect(service.received).toHaveLength(5);
    expect(await ctx.app.push.queue.drain()).toEqual({ sent: 0, gone: 0, failed: 0, retried: 0 });
  });

  it('deletes a subscription the push service says is gone (410), by its endpoint only', async () => {
    const dead = service.device('vencido', [410]);
    const renewed = service.device('renovado');
    await subscribe(sellerA.token, dead.subscription);
    await subscribe(sellerA.token, renewed.subscription);
    await notify(branchA);
    expect(await ctx.app.push.queue.drain()).toEqual({ sent: 1, gone: 1, failed: 0, retried: 0 });
    const left = await ctx.db.select().from(pushSubscriptions);
    expect(left.map((s) => s.endpoint)).toEqual([renewed.subscription.endpoint]);
    expect((await jobs()).map((j) => j.status).sort()).toEqual(['gone', 'sent']);
    // A 404 does the same.
    const missing = service.device('desconocido', [404]);
    await subscribe(sellerA.token, missing.subscription);
    await notify(branchA);
    expect((await ctx.app.push.queue.drain()).gone).toBe(1);
    expect((await ctx.db.select().from(pushSubscriptions)).map((s) => s.endpoint)).toEqual([
      renewed.subscription.endpoint,
    ]);
  });

  it('retries after a 500 with exponential back-off, then delivers', async () => {
    const flaky = service.device('inestable', [500, 503]);
    await subscribe(sellerA.token, flaky.subscription);
    await notify(branchA);
    expect((await ctx.app.push.queue.drain()).retried).toBe(1);
    let [job] = await jobs();
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 500' });
    expect(job!.runAt.toISOString()).toBe(new Date(NOW.getTime() + 30_000).toISOString());
    // Not due yet: nothing happens.
    expect(await ctx.app.push.queue.drain()).toEqual({ sent: 0, gone: 0, failed: 0, retried: 0 });
    clock = new Date(NOW.getTime() + 30_000);
    expect((await ctx.app.push.queue.drain()).retried).toBe(1);
    [job] = await jobs();
    // The second wait is twice the first.
    expect(job!.runAt.toISOString()).toBe(new Date(clock.getTime() + 60_000).toISOString());
    clock = new Date(clock.getTime() + 60_000);
    expect((await ctx.app.push.queue.drain()).sent).toBe(1);
    [job] = await jobs();
    expect(job).toMatchObject({ status: 'sent', attempts: 3 });
    expect(service.received.map((r) => r.status)).toEqual([500, 503, 201]);
  });

  it('gives up on a refusal that retrying cannot fix (403), keeping the subscription', async () => {
    const refused = service.device('rechazado', [403]);
    await subscribe(sellerA.token, refused.subscription);
    await notify(branchA);
    expect((await ctx.app.push.queue.drain()).failed).toBe(1);
    expect(await ctx.db.select().from(pushSubscriptions)).toHaveLength(1);
    expect((await jobs())[0]).toMatchObject({ status: 'failed', lastError: 'HTTP 403' });
  });

  it('ends a job whose keys cannot encrypt as failed, without stopping the others or staying pending', async () => {
    const good = [service.device('bien-1'), service.device('bien-2')];
    for (const device of good) await subscribe(sellerA.token, device.subscription);
    // Written before keys were checked: a 65-byte "point" off the curve, and a short auth secret.
    const offCurve = await legacySubscription(
      ctx.db,
      sellerA.id,
      service.device('fuera-de-curva').subscription.endpoint,
      {
        p256dh: offCurveKey(),
        auth: randomBytes(16).toString('base64url'),
      },
    );
    const shortAuth = await legacySubscription(
      ctx.db,
      sellerA.id,
      service.device('auth-corta').subscription.endpoint,
      {
        p256dh: browserKeys().p256dh,
        auth: randomBytes(8).toString('base64url'),
      },
    );
    await notify(branchA);
    expect(await ctx.app.push.queue.drain()).toEqual({ sent: 2, gone: 0, failed: 2, retried: 0 });
    expect(service.received.map((r) => r.device).sort()).toEqual(['bien-1', 'bien-2']);
    expect((await jobs()).filter((j) => j.status === 'pending')).toEqual([]);
    // The two unusable subscriptions were deleted too (their jobs' link is now null).
    expect((await jobs()).filter((j) => j.status === 'failed')).toEqual([
      expect.objectContaining({
        subscriptionId: null,
        lastError: expect.stringContaining('claves inutilizables'),
      }),
      expect.objectContaining({
        subscriptionId: null,
        lastError: expect.stringContaining('claves inutilizables'),
      }),
    ]);
    const left = await ctx.db.select({ id: pushSubscriptions.id }).from(pushSubscriptions);
    expect(left.map((r) => r.id)).not.toContain(offCurve.id);
    expect(left.map((r) => r.id)).not.toContain(shortAuth.id);
    expect(await ctx.app.push.queue.drain()).toEqual({ sent: 0, gone: 0, failed: 0, retried: 0 });
  });

  it('retries only timeouts, 408, 429 and 5xx; any other failure ends the job at once', async () => {
    const closed = await freePort();
    await subscribe(sellerA.token, service.device('pide-esperar', [429]).subscription);
    await subscribe(sellerA.token, service.device('mal-pedido', [400]).subscription);
    await subscribe(sellerA.token, service.device('muy-grande', [413]).subscription);
    const dead = service.device('muerto');
    dead.hold = true;
    await subscribe(sellerA.token, dead.subscription);
    // Nothing listens there: the connection is refused.
    await subscribe(sellerA.token, {
      endpoint: `http://127.0.0.1:${closed}/push/nadie`,
      keys: browserKeys(),
    });
    await notify(branchA);
    const queue = testQueue({
      // 2 s, not 300 ms: at a load of 30 the services that do answer (429, 400, 413) took longer than
      // 300 ms, and their answers were counted as timeouts (a retry instead of a failure).
      timeoutMs: 2000,
    });
    expect(await queue.drain()).toEqual({ sent: 0, gone: 0, failed: 3, retried: 2 });
    const byEndpoint = new Map(
      (
        await queryRows<{ endpoint: string; status: string; last_error: string }>(
          ctx.db,
          sql`SELECT s.endpoint, j.status, j.last_error FROM push_jobs j JOIN push_subscriptions s ON s.id = j.subscription_id`,
        )
      ).map((r) => [r.endpoint.replace(/^.*\//, ''), r]),
    );
    expect(byEndpoint.get('pide-esperar')).toMatchObject({ status: 'pending', last_error: 'HTTP 429' });
    expect(byEndpoint.get('muerto')).toMatchObject({
      status: 'pending',
      last_error: 'sin respuesta en 2000 ms',
    });
    expect(byEndpoint.get('mal-pedido')).toMatchObject({ status: 'failed', last_error: 'HTTP 400' });
    expect(byEndpoint.get('muy-grande')).toMatchObject({ status: 'failed', last_error: 'HTTP 413' });
    expect(byEndpoint.get('nadie')).toMatchObject({
      status: 'failed',
      last_error: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('sends to everyone else while endpoints that never answer wait out their timeout', async () => {
    // 24 devices that never answer, in branch B, queued first (more than a claim), then 6 in branch A
    // that answer at once.
    const sellers = await Promise.all([1, 2, 3].map(() => createUser(ctx.db, { branchId: branchB })));
    for (const [i, seller] of sellers.entries()) {
      const token = await tokenFor(ctx.db, seller.id, NOW);
      for (let d = 0; d < 8; d++) {
        const dead = service.device(`colgado-${i}-${d}`);
        dead.hold = true;
        expect((await subscribe(token, dead.subscription)).statusCode).toBe(201);
      }
    }
    const live = Array.from({ length: 6 }, (_, i) => service.device(`vivo-${i}`));
    for (const device of live) await subscribe(sellerA.token, device.subscription);
    await notify(branchB);
    await notify(branchA);
    const queue = testQueue({ timeoutMs: 20_000, concurrency: 4, slowAfterMs: 50 });
    const drained = queue.drain();
    // Every live device gets its push while all 24 silent ones are still waiting for an answer.
    await expect
      .poll(() => service.received.filter((r) => r.device.startsWith('vivo-')).length, { timeout: 15_000 })
      .toBe(6);
    expect(service.heldOpen).toBe(24);
    const done = await Promise.race([
      drained.then(() => 'ended'),
      new Promise((r) => setTimeout(() => r('waiting'), 50)),
    ]);
    expect(done).toBe('waiting');
    // Their answers come; the pass ends with every job sent.
    service.releaseAll();
    expect(await drained).toEqual({ sent: 30, gone: 0, failed: 0, retried: 0 });
  });

  it('survives a restart: another worker on the same database sends what was queued', async () => {
    const device = service.device('despues');
    await subscribe(sellerA.token, device.subscription);
    await notify(branchA);
    const restarted = testQueue();
    expect((await restarted.drain()).sent).toBe(1);
    expect(service.received).toHaveLength(1);
  });

  it('two workers draining at once send each push exactly once (SKIP LOCKED)', async () => {
    // Six devices each (the cap is ten a seller).
    for (let i = 0; i < 12; i++) {
      await subscribe(i % 2 ? sellerA.token : sellerB.token, service.device(`multi-${i}`).subscription);
    }
    await notify(null);
    const worker = () => testQueue({ batch: 3 }).drain();
    const [a, b] = await Promise.all([worker(), worker()]);
    expect(a.sent + b.sent).toBe(12);
    expect(service.received).toHaveLength(12);
    expect(new Set(service.received.map((r) => r.device)).size).toBe(12);
  });
});

describe('the background worker', () => {
  it('sends right after the notification is created, without the request waiting for it', async () => {
    const live = await createTestContext({
      push: { localTestService: true },
      env: { VAPID_SUBJECT: 'mailto:soporte@empresa.com.ar' },
    });
    try {
      const keys = await live.app.push.keys();
      const remote = new LocalPushService();
      await remote.start();
      remote.vapidKey = keys.publicKey;
      try {
        const device = remote.device('en-vivo');
        device.hold = true;
        const seller = await createUser(live.db);
        const token = await tokenFor(live.db, seller.id);
        await live.app.inject({
          method: 'POST',
          url: '/api/app/push/subscriptions',
          payload: device.subscription,
          headers: bearer(token),
        });
        const [type] = await live.db.insert(notificationTypes).values({ name: 'Aviso' }).returning();
        const created = await live.asAdmin('POST', '/api/notifications', {
          notification_type_id: type!.id,
          branch_id: 0,
          title: 'En vivo',
          message: 'Llega solo',
        });
        expect(created.statusCode, created.body).toBe(201);
        // The push arrives while its answer is still held: the 201 did not wait for it.
        await remote.waitFor(1);
        expect(remote.received[0]!.payload).toMatchObject({ title: 'En vivo', body: 'Llega solo' });
        device.release();
        const id = created.json().data.id;
        await expect
          .poll(
            async () =>
              (await live.db.select().from(pushJobs).where(eq(pushJobs.notificationId, id)))[0]?.status,
            { timeout: 20_000, interval: 100 },
          )
          .toBe('sent');
      } finally {
        await remote.stop();
      }
    } finally {
      await live.close();
    }
  });
});
