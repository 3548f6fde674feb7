import { APP_MSG } from '@panel/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationTypes } from '../../../src/db/schema/notifications.ts';
import { appSettings, pushJobs, pushSubscriptions } from '../../../src/db/schema/push.ts';
import { isAcceptableEndpoint } from '../../../src/routes/app/push.ts';
import { PushQueue } from '../../../src/services/push/queue.ts';
import { ensureVapidKeys } from '../../../src/services/push/vapid.ts';
import { bearer, createBranch, createUser, tokenFor } from '../../../src/testing/factories.ts';
import { LocalPushService } from '../../../src/testing/push-service.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// Web Push (issue 14): keys, subscriptions, the durable queue and real delivery to a local push
// service that decrypts what arrives.

const NOW = new Date('2026-11-25T15:00:00Z');
let clock = NOW;
let ctx: TestContext;
let service: LocalPushService;
beforeAll(async () => {
  service = new LocalPushService();
  await service.start();
  ctx = await createTestContext({
    now: () => clock,
    push: { worker: false, allowHttpEndpoints: true },
    env: { VAPID_SUBJECT: 'mailto:soporte@empresa.com.ar' },
  });
  service.vapidKey = (await ctx.app.push.keys()).publicKey;
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

describe('subscriptions', () => {
  it('are one per device (endpoint): created, updated, taken over, and removed by their owner', async () => {
    const device = service.device('telefono');
    const first = await subscribe(sellerA.token, device.subscription);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.endpoint).toBe(device.subscription.endpoint);
    expect((await subscribe(sellerA.token, device.subscription)).statusCode).toBe(200);
    // The same browser signed in as someone else now notifies them.
    expect((await subscribe(sellerB.token, device.subscription)).statusCode).toBe(200);
    let rows = await ctx.db.select().from(pushSubscriptions);
    expect(rows.map((r) => r.userId)).toEqual([sellerB.id]);
    // Only the owner removes it.
    const endpoint = { endpoint: device.subscription.endpoint };
    expect((await call('DELETE', '/api/app/push/subscriptions', sellerA.token, endpoint)).statusCode).toBe(
      204,
    );
    expect(await ctx.db.select().from(pushSubscriptions)).toHaveLength(1);
    expect((await call('DELETE', '/api/app/push/subscriptions', sellerB.token, endpoint)).statusCode).toBe(
      204,
    );
    rows = await ctx.db.select().from(pushSubscriptions);
    expect(rows).toEqual([]);
  });

  it('refuses a subscription without valid keys or endpoint', async () => {
    const device = service.device('roto');
    const noKeys = await subscribe(sellerA.token, { endpoint: device.subscription.endpoint });
    expect(noKeys.statusCode).toBe(400);
    const badKey = await subscribe(sellerA.token, {
      ...device.subscription,
      keys: { p256dh: 'x', auth: 'y' },
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().message).toContain(APP_MSG.pushKeysInvalid);
    const badUrl = await subscribe(sellerA.token, { ...device.subscription, endpoint: 'no es una url' });
    expect(badUrl.statusCode).toBe(400);
  });

  it('accept only https push services outside the tests, never a private address', () => {
    expect(isAcceptableEndpoint('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    expect(isAcceptableEndpoint('https://web.push.apple.com/QGx', false)).toBe(true);
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://10.1.2.3/x',
      'https://192.168.0.4/x',
      'https://172.20.0.1/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://user:pw@push.example.com/x',
      'ftp://push.example.com/x',
    ]) {
      expect(isAcceptableEndpoint(bad, false), bad).toBe(false);
    }
  });
});

describe('delivery', () => {
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

  it('survives a restart: another worker on the same database sends what was queued', async () => {
    const device = service.device('despues');
    await subscribe(sellerA.token, device.subscription);
    await notify(branchA);
    const restarted = new PushQueue({
      db: ctx.db,
      log: ctx.app.log,
      now: () => clock,
      vapid: async () => ({ subject: 'mailto:soporte@empresa.com.ar', ...(await ctx.app.push.keys()) }),
    });
    expect((await restarted.drain()).sent).toBe(1);
    expect(service.received).toHaveLength(1);
  });

  it('two workers draining at once send each push exactly once (SKIP LOCKED)', async () => {
    for (let i = 0; i < 12; i++) await subscribe(sellerA.token, service.device(`multi-${i}`).subscription);
    await notify(branchA);
    const worker = () =>
      new PushQueue({
        db: ctx.db,
        log: ctx.app.log,
        now: () => clock,
        batch: 3,
        vapid: async () => ({ subject: 'mailto:soporte@empresa.com.ar', ...(await ctx.app.push.keys()) }),
      }).drain();
    const [a, b] = await Promise.all([worker(), worker()]);
    expect(a.sent + b.sent).toBe(12);
    expect(service.received).toHaveLength(12);
    expect(new Set(service.received.map((r) => r.device)).size).toBe(12);
  });
});

describe('the background worker', () => {
  it('sends right after the notification is created, without the request waiting for it', async () => {
    const live = await createTestContext({
      push: { allowHttpEndpoints: true },
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
