import { APP_MSG, MEDIA_MSG, MSG, passwordChangedMessage } from '@panel/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { events, eventTypes } from '../../../src/db/schema/events.ts';
import { notificationReads, notifications, notificationTypes } from '../../../src/db/schema/notifications.ts';
import { pointActions, pointTransactions } from '../../../src/db/schema/points.ts';
import { postComments, postImages, posts } from '../../../src/db/schema/posts.ts';
import { creditPoints } from '../../../src/services/points/award.ts';
import {
  bearer,
  createBranch,
  createPost,
  createUser,
  TEST_PASSWORD,
  tokenFor,
} from '../../../src/testing/factories.ts';
import { formData, makeImage, svgFile } from '../../../src/testing/images.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// The seller calls the community app added (issue 14): posting, one post and its comments,
// notification read state, the agenda and .ics, the points history and leaderboard, password.

const NOW = new Date('2026-11-25T15:00:00Z'); // Wednesday 12:00 in Buenos Aires
const HOUR = 3_600_000;
let clock = NOW;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock });
});
afterAll(() => ctx?.close());

let branchA: number;
let branchB: number;
let seller: { id: number; token: string };
let adminToken: string;

beforeEach(async () => {
  clock = NOW;
  await ctx.reset();
  branchA = (await createBranch(ctx.db)).id;
  branchB = (await createBranch(ctx.db)).id;
  const u = await createUser(ctx.db, { branchId: branchA });
  seller = { id: u.id, token: await tokenFor(ctx.db, u.id, NOW) };
  adminToken = await tokenFor(ctx.db, ctx.admin.id, NOW);
});

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  token = seller.token,
  headers: Record<string, string> = {},
) => ctx.app.inject({ method, url, payload, headers: { ...bearer(token), ...headers } });

const ledger = (userId: number, actionKey: string) =>
  ctx.db
    .select({ points: pointTransactions.points, ref: pointTransactions.referenceId })
    .from(pointTransactions)
    .innerJoin(pointActions, eq(pointActions.id, pointTransactions.pointActionId))
    .where(and(eq(pointTransactions.userId, userId), eq(pointActions.key, actionKey)));

describe('POST /api/app/posts', () => {
  const image = async (color = '#2f9e44') => ({
    field: 'images[]',
    name: 'foto.jpg',
    type: 'image/jpeg',
    bytes: await makeImage('jpeg', { width: 800, height: 600, color }),
  });
  const publish = async (fields: Record<string, string>, files: Awaited<ReturnType<typeof image>>[]) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/app/posts',
      payload: formData(fields, files),
      headers: bearer(seller.token),
    });

  it("publishes to the seller's branch with two photos and awards create_post in the same call", async () => {
    const res = await publish({ content: '  Vidriera nueva  ' }, [await image(), await image('#1971c2')]);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      content: 'Vidriera nueva',
      branch_id: branchA,
      likes_count: 0,
      comments_count: 0,
      liked_by_me: false,
    });
    expect(data.images).toHaveLength(2);
    expect(data.images[0].url).toMatch(/^\/api\/files\/[a-f0-9]{64}\.jpg$/);
    expect(data.images[0].thumb_url).toMatch(/\.thumb\.webp$/);
    const [row] = await ctx.db.select().from(posts).where(eq(posts.id, data.id));
    expect(row).toMatchObject({ userId: seller.id, branchId: branchA });
    const awards = await ledger(seller.id, 'create_post');
    expect(awards).toEqual([{ points: data.points_awarded, ref: String(data.id) }]);
    expect(data.points_awarded).toBeGreaterThan(0);
    // The image is served.
    const file = await ctx.app.inject({ method: 'GET', url: data.images[1].url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    // It is in the panel's list, with its author.
    const panel = (await call('GET', '/api/posts', undefined, adminToken)).json().data;
    expect(panel[0]).toMatchObject({ id: data.id, content: 'Vidriera nueva' });
  });

  it('refuses what the panel refuses: no photo, six photos, a non-image, text over 500', async () => {
    const none = await publish({ content: 'Sin fotos' }, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.images).toEqual([MEDIA_MSG.imagesRequired]);
    const six = await publish(
      { content: 'Seis' },
      await Promise.all(Array.from({ length: 6 }, () => image())),
    );
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toBe(MEDIA_MSG.tooManyImages);
    const svg = await publish({ content: 'SVG' }, [svgFile('images[]', 'x.jpg', 'image/jpeg')]);
    expect(svg.statusCode).toBe(400);
    const long = await publish({ content: 'x'.repeat(501) }, [await image()]);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.content).toEqual([MEDIA_MSG.contentTooLong]);
    expect(await ctx.db.select().from(posts)).toEqual([]);
    expect(await ctx.db.select().from(postImages)).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/posts',
      payload: formData({ content: 'x' }, [await image()]),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('one post and its comments', () => {
  it('gives one visible post, 404 for another branch', async () => {
    const mine = await createPost(ctx.db, ctx.admin.id, { branchId: branchA });
    const other = await createPost(ctx.db, ctx.admin.id, { branchId: branchB });
    const res = await call('GET', `/api/app/posts/${mine.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: mine.id, branch_id: branchA, images: [] });
    const hidden = await call('GET', `/api/app/posts/${other.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(APP_MSG.postNotFound);
  });

  it('pages comments oldest first (newest last), marking mine', async () => {
    const post = await createPost(ctx.db, ctx.admin.id);
    const other = await createUser(ctx.db, { branchId: branchA });
    await ctx.db.insert(postComments).values([
      {
        postId: post.id,
        userId: other.id,
        content: 'primero',
        createdAt: new Date(NOW.getTime() - 3 * HOUR),
      },
      {
        postId: post.id,
        userId: seller.id,
        content: 'segundo',
        createdAt: new Date(NOW.getTime() - 2 * HOUR),
      },
      { postId: post.id, userId: other.id, content: 'tercero', createdAt: new Date(NOW.getTime() - HOUR) },
    ]);
    const first = (await call('GET', `/api/app/posts/${post.id}/comments?per_page=2`)).json();
    expect(first.meta).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(first.data.map((c: { content: string }) => c.content)).toEqual(['primero', 'segundo']);
    expect(first.data.map((c: { mine: boolean }) => c.mine)).toEqual([false, true]);
    const last = (await call('GET', `/api/app/posts/${post.id}/comments?per_page=2&page=2`)).json();
    expect(last.data.map((c: { content: string }) => c.content)).toEqual(['tercero']);
    const hidden = await createPost(ctx.db, ctx.admin.id, { branchId: branchB });
    expect((await call('GET', `/api/app/posts/${hidden.id}/comments`)).statusCode).toBe(404);
  });

  it('a replayed Idempotency-Key returns the same comment and awards nothing twice', async () => {
    const post = await createPost(ctx.db, ctx.admin.id);
    const url = `/api/app/posts/${post.id}/comments`;
    const key = { 'idempotency-key': 'c0ffee-1234:queue.1' };
    const first = await call('POST', url, { content: 'Muy bueno' }, seller.token, key);
    expect(first.statusCode).toBe(201);
    const again = await call('POST', url, { content: 'Muy bueno' }, seller.token, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    // The key in the body works the same way.
    const body = await call('POST', url, { content: 'Otro', idempotency_key: 'k-2' });
    const bodyAgain = await call('POST', url, { content: 'Otro', idempotency_key: 'k-2' });
    expect(bodyAgain.json().data.id).toBe(body.json().data.id);
    expect(await ctx.db.select().from(postComments)).toHaveLength(2);
    expect(await ledger(seller.id, 'comment_post')).toHaveLength(2);
    // The same key for something else is a conflict; another user's same key is theirs.
    const reused = await call('POST', url, { content: 'Distinto' }, seller.token, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(APP_MSG.idempotencyKeyReused);
    const other = await createUser(ctx.db, { branchId: branchA });
    const theirs = await call(
      'POST',
      url,
      { content: 'Muy bueno' },
      await tokenFor(ctx.db, other.id, NOW),
      key,
    );
    expect(theirs.statusCode).toBe(201);
    // Without a key every call is a new comment; a malformed key is refused.
    expect((await call('POST', url, { content: 'Sin clave' })).statusCode).toBe(201);
    expect((await call('POST', url, { content: 'Sin clave' })).statusCode).toBe(201);
    const bad = await call('POST', url, { content: 'x' }, seller.token, {
      'idempotency-key': 'tiene espacios',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.idempotency_key).toEqual([APP_MSG.idempotencyKeyInvalid]);
  });

  it('two replays at once still make one comment', async () => {
    const post = await createPost(ctx.db, ctx.admin.id);
    const url = `/api/app/posts/${post.id}/comments`;
    const key = { 'idempotency-key': 'simultaneo' };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', url, { content: 'Hola' }, seller.token, key)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json().data.id)).size).toBe(1);
    expect(await ctx.db.select().from(postComments)).toHaveLength(1);
  });
});

describe('notifications: read state', () => {
  async function seed() {
    const [type] = await ctx.db
      .insert(notificationTypes)
      .values({ name: 'Aviso', color: '#1971C2', icon: '7.png' })
      .returning();
    const at = (h: number) => new Date(NOW.getTime() - h * HOUR);
    return ctx.db
      .insert(notifications)
      .values([
        { notificationTypeId: type!.id, branchId: null, title: 'Vieja', message: 'a', createdAt: at(3) },
        { notificationTypeId: type!.id, branchId: branchA, title: 'Media', message: 'b', createdAt: at(2) },
        { notificationTypeId: type!.id, branchId: null, title: 'Nueva', message: 'c', createdAt: at(1) },
        { notificationTypeId: type!.id, branchId: branchB, title: 'Ajena', message: 'd', createdAt: at(0) },
      ])
      .returning();
  }

  it('lists unread first, counts them, marks one or all read', async () => {
    const [old, middle, recent, foreign] = await seed();
    expect((await call('GET', '/api/app/notifications/unread-count')).json()).toEqual({
      data: { unread_count: 3, reminders_due: 0 },
    });
    clock = new Date(NOW.getTime() + 60_000);
    const read = await call('POST', `/api/app/notifications/${recent!.id}/read`);
    expect(read.json()).toEqual({
      data: { id: recent!.id, read_at: clock.toISOString(), unread_count: 2 },
    });
    // Marking again keeps the first time.
    clock = new Date(NOW.getTime() + 120_000);
    const again = await call('POST', `/api/app/notifications/${recent!.id}/read`);
    expect(again.json().data.read_at).toBe(new Date(NOW.getTime() + 60_000).toISOString());
    const list = (await call('GET', '/api/app/notifications')).json();
    expect(list.data.map((n: { title: string }) => n.title)).toEqual(['Media', 'Vieja', 'Nueva']);
    expect(list.data[0]).toMatchObject({ read_at: null, type: { color: '#1971C2', icon: '7.png' } });
    expect(list.data[2].read_at).toBe(new Date(NOW.getTime() + 60_000).toISOString());
    const unread = (await call('GET', '/api/app/notifications?filter=unread')).json();
    expect(unread.data.map((n: { id: number }) => n.id)).toEqual([middle!.id, old!.id]);
    expect(unread.meta.total).toBe(2);
    // Another branch's notification does not exist for this seller.
    expect((await call('POST', `/api/app/notifications/${foreign!.id}/read`)).statusCode).toBe(404);
    expect((await call('GET', `/api/app/notifications/${foreign!.id}`)).statusCode).toBe(404);
    const one = await call('GET', `/api/app/notifications/${middle!.id}`);
    expect(one.json().data).toMatchObject({ id: middle!.id, title: 'Media', read_at: null });
    const all = await call('POST', '/api/app/notifications/read-all');
    expect(all.json()).toEqual({ data: { marked: 2, unread_count: 0 } });
    // Reads are per user.
    const other = await createUser(ctx.db, { branchId: branchA });
    const theirs = await call(
      'GET',
      '/api/app/notifications/unread-count',
      undefined,
      await tokenFor(ctx.db, other.id, NOW),
    );
    expect(theirs.json().data.unread_count).toBe(3);
    expect(await ctx.db.select().from(notificationReads)).toHaveLength(3);
  });
});

describe('agenda and .ics', () => {
  async function event(title: string, start: Date, hours: number, branchId: number | null, extra = {}) {
    const [type] = await ctx.db
      .insert(eventTypes)
      .values({ name: `Tipo ${title}`, color: '#E8590C' })
      .returning();
    const [row] = await ctx.db
      .insert(events)
      .values({
        eventTypeId: type!.id,
        branchId,
        title,
        startAt: start,
        endAt: new Date(start.getTime() + hours * HOUR),
        ...extra,
      })
      .returning();
    return row!;
  }

  it("gives this week's events (ended ones too) and the coming ones, of my branch and all", async () => {
    // The business week of NOW: Monday 2026-11-23 03:00Z to Monday 2026-11-30 03:00Z.
    const monday = await event('Lunes', new Date('2026-11-23T12:00:00Z'), 2, branchA);
    const sunday = await event('Domingo', new Date('2026-11-30T01:00:00Z'), 1, null);
    const next = await event('Próxima', new Date('2026-12-02T12:00:00Z'), 1, null);
    await event('Pasada', new Date('2026-11-20T12:00:00Z'), 1, null);
    await event('Ajena', new Date('2026-11-26T12:00:00Z'), 1, branchB);
    const later = await event('Después', new Date('2026-12-20T12:00:00Z'), 1, branchA);
    const res = await call('GET', '/api/app/agenda');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      time_zone: 'America/Argentina/Buenos_Aires',
      week_start: '2026-11-23T03:00:00.000Z',
      week_end: '2026-11-30T03:00:00.000Z',
    });
    expect(data.this_week.map((e: { id: number }) => e.id)).toEqual([monday.id, sunday.id]);
    expect(data.coming.map((e: { id: number }) => e.id)).toEqual([next.id, later.id]);
    expect(data.this_week[0]).toMatchObject({
      type: { color: '#E8590C' },
      ics_url: `/api/app/events/${monday.id}.ics`,
    });
    expect((await call('GET', '/api/app/agenda?limit=1')).json().data.coming).toHaveLength(1);
  });

  it('serves an event as text/calendar in the business time zone, escaped', async () => {
    const e = await event('Capacitación; ventas, Q4', new Date('2026-11-26T13:00:00Z'), 1.5, branchA, {
      description: 'Traer\nla lista, por favor',
    });
    const res = await call('GET', `/api/app/events/${e.id}.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="evento-${e.id}.ics"`);
    const ics = res.body;
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Argentina/Buenos_Aires\r\n');
    expect(ics).toContain('DTSTART;TZID=America/Argentina/Buenos_Aires:20261126T100000\r\n');
    expect(ics).toContain('DTEND;TZID=America/Argentina/Buenos_Aires:20261126T113000\r\n');
    expect(ics).toContain('SUMMARY:Capacitación\\; ventas\\, Q4\r\n');
    expect(ics).toContain('DESCRIPTION:Traer\\nla lista\\, por favor\r\n');
    expect(ics).toContain(`UID:${e.id}-evento@panel-`);
    const foreign = await event('Ajena', new Date('2026-11-26T13:00:00Z'), 1, branchB);
    expect((await call('GET', `/api/app/events/${foreign.id}.ics`)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/app/events/${e.id}.ics` })).statusCode).toBe(
      401,
    );
    expect((await call('GET', `/api/app/events/${e.id}`)).json().data).toMatchObject({ id: e.id });
  });

  it('gives an event the same .ics UID through any host name (issue 20, item 14)', async () => {
    const e = await event('Reunión', new Date('2026-11-26T13:00:00Z'), 1, branchA);
    const uidVia = async (host: string) => {
      const res = await call('GET', `/api/app/events/${e.id}.ics`, undefined, seller.token, { host });
      expect(res.statusCode).toBe(200);
      return /^UID:(.*)\r$/m.exec(res.body)?.[1];
    };
    const uid = await uidVia('panel.empresa.com.ar');
    expect(uid).toMatch(new RegExp(`^${e.id}-evento@panel-[a-f0-9]{16}$`));
    expect(await uidVia('10.0.0.5:3000')).toBe(uid);
    expect(await uidVia('otro.example')).toBe(uid);
  });
});

describe('points: history and branch leaderboard', () => {
  it('pages my whole history, newest first', async () => {
    for (let i = 1; i <= 5; i++) {
      await creditPoints(ctx.db, {
        userId: seller.id,
        points: i,
        description: `Premio ${i}`,
        reference: { type: 'survey', id: i },
        now: new Date(NOW.getTime() - (10 - i) * HOUR),
      });
    }
    const page = (await call('GET', '/api/app/me/transactions?per_page=2&page=2')).json();
    expect(page.meta).toEqual({ page: 2, per_page: 2, total: 5, last_page: 3 });
    expect(page.data.map((t: { points: number }) => t.points)).toEqual([3, 2]);
  });

  it('ranks my branch this month, flags my row, and adds it when it is out of the top', async () => {
    const ref = { type: 'survey', id: 1 };
    const a = await createUser(ctx.db, { branchId: branchA, name: 'Ana' });
    const b = await createUser(ctx.db, { branchId: branchA, name: 'Bea' });
    const far = await createUser(ctx.db, { branchId: branchB });
    const credit = (userId: number, points: number, now = NOW) =>
      creditPoints(ctx.db, { userId, points, description: 'x', reference: ref, now });
    await credit(a.id, 30);
    await credit(b.id, 30);
    await credit(seller.id, 10);
    await credit(far.id, 100);
    await credit(seller.id, 500, new Date('2026-10-15T12:00:00Z')); // last month
    const top = (await call('GET', '/api/app/leaderboard?limit=2')).json().data;
    expect(top).toMatchObject({
      period: 'monthly',
      period_start: '2026-11-01T03:00:00.000Z',
      period_end: '2026-12-01T03:00:00.000Z',
      branch_id: branchA,
    });
    expect(
      top.rows.map((r: { name: string; rank: number; is_me: boolean }) => [r.name, r.rank, r.is_me]),
    ).toEqual([
      ['Ana', 1, false],
      ['Bea', 1, false],
    ]);
    expect(top.me).toMatchObject({ user_id: seller.id, rank: 3, points: 10, is_me: true });
    const all = (await call('GET', '/api/app/leaderboard')).json().data;
    expect(all.rows.at(-1)).toMatchObject({ user_id: seller.id, is_me: true });
    expect(all.me).toBeNull();
  });
});

describe('POST /api/app/me/password', () => {
  it('changes it with the current one, keeps this session and closes the others', async () => {
    const otherSession = await tokenFor(ctx.db, seller.id, NOW);
    const wrong = await call('POST', '/api/app/me/password', {
      current_password: 'no-es-esta',
      new_password: 'una-clave-nueva',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.current_password).toEqual([APP_MSG.currentPasswordWrong]);
    const short = await call('POST', '/api/app/me/password', {
      current_password: TEST_PASSWORD,
      new_password: 'corta',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.new_password).toEqual([MSG.passwordTooShort]);
    const ok = await call('POST', '/api/app/me/password', {
      current_password: TEST_PASSWORD,
      new_password: 'una-clave-nueva',
    });
    expect(ok.statusCode).toBe(200);
    const { sessions_ended: ended, message } = ok.json();
    expect(ended).toBeGreaterThanOrEqual(1); // otherSession, and any this file opened before
    expect(message).toBe(passwordChangedMessage(ended));
    expect((await call('GET', '/api/me')).statusCode).toBe(200);
    expect((await call('GET', '/api/me', undefined, otherSession)).statusCode).toBe(401);
    const me = (await call('GET', `/api/users/${seller.id}`, undefined, adminToken)).json().data;
    const login = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: me.email, password } });
    expect((await login('una-clave-nueva')).statusCode).toBe(200);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(401);
  });
});
