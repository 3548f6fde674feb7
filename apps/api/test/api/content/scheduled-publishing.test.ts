import { SCHEDULE_MSG, ZNotification, ZPost } from '@panel/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../../src/db/client.ts';
import { notificationTypes } from '../../../src/db/schema/notifications.ts';
import { posts } from '../../../src/db/schema/posts.ts';
import { pushJobs, pushSubscriptions } from '../../../src/db/schema/push.ts';
import { bearer, createBranch, createUser } from '../../../src/testing/factories.ts';
import { formData, makeImage } from '../../../src/testing/images.ts';
import {
  createTestContext,
  onTwoInstances,
  scheduledPass,
  sessionsAtClock,
  type TestContext,
  withRestartedWorker,
} from '../../../src/testing/test-app.ts';

// Scheduled publishing (docs/decisions/2026-12-04-scheduled-publishing.md): a post or notification
// with a future publish_at is invisible to sellers until the worker's pass at a later clock publishes
// it (and queues a notification's pushes then), exactly once across instances and restarts.

const NOW = new Date('2026-12-04T15:00:00Z');
/** Monday 7 December, 08:00 in Buenos Aires. */
const MONDAY = '2026-12-07T11:00:00.000Z';
const AFTER = new Date('2026-12-07T11:00:05Z');
let clock = NOW;
let ctx: TestContext;
let sessions: ReturnType<typeof sessionsAtClock>;
let png: Buffer;
beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock });
  sessions = sessionsAtClock(ctx, () => clock);
  png = await makeImage('png', { color: '#1971c2' });
});
afterAll(() => ctx?.close());

let branch: number;
let typeId: number;
let seller: { id: number };
beforeEach(async () => {
  clock = NOW;
  await ctx.reset();
  branch = (await createBranch(ctx.db)).id;
  const [type] = await ctx.db.insert(notificationTypes).values({ name: 'Aviso' }).returning();
  typeId = type!.id;
  const s = await createUser(ctx.db, { branchId: branch });
  seller = { id: s.id };
  sessions.reset();
  // A device, so a published notification has a push job to queue.
  await ctx.db.insert(pushSubscriptions).values({
    userId: s.id,
    endpoint: 'https://fcm.googleapis.com/fcm/send/programada',
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  });
});

/** The administrator and the seller, signed in at the test's clock (ctx.asAdmin's session is the real clock's). */
const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  sessions.as(ctx.admin.id)(method, url, payload);
const asSeller = (method: 'GET' | 'POST', url: string, payload?: object) =>
  sessions.as(seller.id)(method, url, payload);

const schedulePost = (fields: Record<string, string>, token = ctx.admin.token) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/posts',
    payload: formData({ content: 'Anuncio del lunes', branch_id: String(branch), ...fields }, [
      { field: 'images[]', name: 'foto.png', type: 'image/png', bytes: png },
    ]),
    headers: bearer(token),
  });

const notify = (fields: Record<string, unknown> = {}) =>
  asAdmin('POST', '/api/notifications', {
    notification_type_id: typeId,
    branch_id: branch,
    title: 'Reunión del lunes',
    message: 'A las 9, en la sucursal',
    ...fields,
  });

const runWorker = (db?: Db) => scheduledPass(ctx, () => clock)(db);

const jobs = () =>
  queryRows<{ kind: string; ref_id: number; run_at: Date | string; status: string }>(
    ctx.db,
    sql`SELECT kind, ref_id, run_at, status FROM scheduled_jobs ORDER BY id`,
  );

async function sellerSees() {
  const feedRes = await asSeller('GET', '/api/app/feed');
  expect(feedRes.statusCode, feedRes.body).toBe(200);
  const feed = feedRes.json().data as { id: number }[];
  const notices = (await asSeller('GET', '/api/app/notifications')).json().data as { id: number }[];
  const count = await asSeller('GET', '/api/app/notifications/unread-count');
  expect(count.statusCode, count.body).toBe(200);
  const unread = count.json().data.unread_count;
  return { posts: feed.map((p) => p.id), notifications: notices.map((n) => n.id), unread };
}

describe('a scheduled post', () => {
  it('is "Programada" in the panel, invisible to a seller until the worker publishes it at its time', async () => {
    const res = await schedulePost({ publish_at: MONDAY });
    expect(res.statusCode, res.body).toBe(201);
    const post = ZPost.parse(res.json().data);
    expect(post.publish_at).toBe(MONDAY);
    expect(await jobs()).toMatchObject([{ kind: 'post', ref_id: post.id, status: 'pending' }]);

    expect((await sellerSees()).posts).toEqual([]);
    for (const url of [`/api/app/posts/${post.id}`, `/api/app/posts/${post.id}/comments`]) {
      expect((await asSeller('GET', url)).statusCode, url).toBe(404);
    }
    expect((await asSeller('POST', `/api/app/posts/${post.id}/like`)).statusCode).toBe(404);
    const views = await asSeller('POST', '/api/app/views', { posts: [post.id] });
    expect(views.json().data.posts_recorded).toBe(0);
    expect((await asAdmin('GET', '/api/posts')).json().data[0].publish_at).toBe(MONDAY);

    // Before its time the worker leaves it.
    clock = new Date(Date.parse(MONDAY) - 1000);
    expect(await runWorker()).toBe(0);
    expect((await sellerSees()).posts).toEqual([]);

    clock = AFTER;
    expect(await runWorker()).toBe(1);
    expect((await sellerSees()).posts).toEqual([post.id]);
    const [row] = await ctx.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({ publishAt: null, createdAt: AFTER });
    expect((await jobs())[0]!.status).toBe('done');
    expect(await runWorker()).toBe(0);
  });

  it('refuses a time that is not in the future, or not an instant, naming "La fecha de publicación"', async () => {
    const past = await schedulePost({ publish_at: '2026-12-04T14:59:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      message: SCHEDULE_MSG.publishAtPast,
      errors: { publish_at: [SCHEDULE_MSG.publishAtPast] },
    });
    const bad = await schedulePost({ publish_at: '08/12/2026 08:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.publish_at).toEqual([SCHEDULE_MSG.publishAtInvalid]);
    expect(await ctx.db.select().from(posts)).toEqual([]);
    expect(await jobs()).toEqual([]);
  });

  it('deleting it cancels its job', async () => {
    const id = (await schedulePost({ publish_at: MONDAY })).json().data.id;
    expect((await asAdmin('DELETE', `/api/posts/${id}`)).statusCode).toBe(204);
    expect(await jobs()).toEqual([]);
    clock = AFTER;
    expect(await runWorker()).toBe(0);
  });

  it('without publish_at is published now, with no job', async () => {
    const res = await schedulePost({});
    expect(res.json().data.publish_at).toBeNull();
    expect(await jobs()).toEqual([]);
    expect((await sellerSees()).posts).toEqual([res.json().data.id]);
  });
});

describe('a scheduled notification', () => {
  it('queues no push and counts for no seller until its time; then it appears and its push is queued', async () => {
    const res = await notify({ publish_at: MONDAY });
    expect(res.statusCode, res.body).toBe(201);
    const notification = ZNotification.parse(res.json().data);
    expect(notification.publish_at).toBe(MONDAY);
    expect(await ctx.db.select().from(pushJobs)).toEqual([]);
    expect(await sellerSees()).toEqual({ posts: [], notifications: [], unread: 0 });
    const one = await asSeller('GET', `/api/app/notifications/${notification.id}`);
    expect(one.statusCode).toBe(404);
    expect((await asSeller('POST', `/api/app/notifications/${notification.id}/read`)).statusCode).toBe(404);
    expect((await asSeller('POST', '/api/app/notifications/read-all')).json().data.marked).toBe(0);

    clock = AFTER;
    // The push worker's pass runs the due scheduled jobs first, then sends what they queued.
    await runWorker();
    expect(await sellerSees()).toEqual({ posts: [], notifications: [notification.id], unread: 1 });
    const queued = await ctx.db.select().from(pushJobs);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.createdAt).toEqual(AFTER);
    const after = ZNotification.parse(
      (await asAdmin('GET', `/api/notifications/${notification.id}`)).json().data,
    );
    expect(after).toMatchObject({ publish_at: null, created_at: AFTER.toISOString() });
  });

  it("keeps the seller's quiet hours when its push is queued at its time", async () => {
    // 23:00–07:00 in the business time zone; Monday 07:30 is outside, 06:30 (09:30 UTC) inside.
    await ctx.db.execute(
      sql`INSERT INTO seller_quiet_hours (user_id, start_minute, end_minute) VALUES (${seller.id}, ${23 * 60}, ${7 * 60})`,
    );
    await notify({ publish_at: '2026-12-08T09:30:00.000Z' });
    await notify({ publish_at: '2026-12-08T09:30:00.000Z', urgent: true, title: 'Urgente' });
    clock = new Date('2026-12-08T09:30:01Z');
    expect(await runWorker()).toBe(2);
    const runAts = (await ctx.db.select().from(pushJobs)).map((j) => j.runAt.toISOString()).sort();
    expect(runAts).toEqual(['2026-12-08T09:30:01.000Z', '2026-12-08T10:00:00.000Z']);
  });

  it('an edit reschedules it; an edit without publish_at publishes it now; a published one cannot be scheduled', async () => {
    const { id, version } = (await notify({ publish_at: MONDAY })).json().data;
    const later = '2026-12-09T11:00:00.000Z';
    const body = {
      notification_type_id: typeId,
      branch_id: branch,
      title: 'Reunión del martes',
      message: 'A las 9',
    };
    const moved = await asAdmin('PUT', `/api/notifications/${id}`, { ...body, publish_at: later });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ publish_at: later, title: 'Reunión del martes' });
    expect(moved.json().data.version).toBeGreaterThan(version);
    expect(await jobs()).toMatchObject([{ ref_id: id, status: 'pending' }]);
    expect(new Date((await jobs())[0]!.run_at).toISOString()).toBe(later);

    clock = AFTER;
    expect(await runWorker()).toBe(0);
    expect((await sellerSees()).notifications).toEqual([]);

    const past = await asAdmin('PUT', `/api/notifications/${id}`, { ...body, publish_at: NOW.toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.publish_at).toEqual([SCHEDULE_MSG.publishAtPast]);

    const now = await asAdmin('PUT', `/api/notifications/${id}`, body);
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().data).toMatchObject({ publish_at: null, created_at: AFTER.toISOString() });
    expect(await jobs()).toEqual([]);
    expect(await ctx.db.select().from(pushJobs)).toHaveLength(1);
    expect((await sellerSees()).notifications).toEqual([id]);

    const again = await asAdmin('PUT', `/api/notifications/${id}`, { ...body, publish_at: later });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.publish_at).toEqual([SCHEDULE_MSG.alreadyPublished]);
  });

  it('deleting it removes its job; deleting in bulk too', async () => {
    const a = (await notify({ publish_at: MONDAY })).json().data.id;
    const b = (await notify({ publish_at: MONDAY })).json().data.id;
    expect((await asAdmin('DELETE', `/api/notifications/${a}`)).statusCode).toBe(204);
    expect((await jobs()).map((j) => j.ref_id)).toEqual([b]);
    const bulk = await asAdmin('POST', '/api/notifications/bulk-delete', { ids: [b] });
    expect(bulk.statusCode, bulk.body).toBeLessThan(300);
    expect(await jobs()).toEqual([]);
  });

  it('is for administrators: 401 without a token, 403 for a seller', async () => {
    const body = { title: 'a', message: 'b', publish_at: MONDAY };
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/notifications', payload: body })).statusCode,
    ).toBe(401);
    expect((await asSeller('POST', '/api/notifications', body)).statusCode).toBe(403);
    expect(await jobs()).toEqual([]);
  });
});

describe('exactly once', () => {
  it('two workers at once (two instances on one database) publish each record once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await notify({ publish_at: MONDAY, title: `Aviso ${i}` })).json().data.id);
    clock = AFTER;
    const [a, b] = await onTwoInstances(ctx, runWorker);
    expect(a + b).toBe(6);
    // One push job per notification (one device): none queued twice.
    const queued = await ctx.db.select().from(pushJobs);
    expect(queued.map((j) => j.notificationId!).sort((x, y) => x - y)).toEqual(ids);
    expect((await jobs()).every((j) => j.status === 'done')).toBe(true);
  });

  it('a worker that dies mid-publication leaves nothing half done: the job runs at the next start', async () => {
    // No device: the restarted instance's worker sends nothing anywhere.
    await ctx.db.delete(pushSubscriptions);
    const id = (await notify({ publish_at: MONDAY })).json().data.id;
    clock = AFTER;
    // The claim and the effect, then the process dies before the commit (a rollback is what the server sees).
    await ctx.db
      .transaction(async (tx) => {
        await queryRows(tx, sql`SELECT id FROM scheduled_jobs FOR UPDATE SKIP LOCKED`);
        await queryRows(tx, sql`UPDATE notifications SET publish_at = NULL WHERE id = ${id}`);
        throw new Error('SIGKILL');
      })
      .catch(() => {});
    expect((await sellerSees()).notifications).toEqual([]);
    expect((await jobs())[0]!.status).toBe('pending');

    // A new instance on the same database, its worker on: its first pass publishes what came due while it was down.
    await withRestartedWorker(ctx, { now: () => clock }, async () => {
      await expect.poll(async () => (await jobs())[0]!.status, { timeout: 10_000 }).toBe('done');
    });
    expect((await sellerSees()).notifications).toEqual([id]);
  });
});
