import { APP_MSG } from '@panel/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/client.ts';
import { notifications, notificationTypes } from '../../../src/db/schema/notifications.ts';
import { pointActions, pointTransactions } from '../../../src/db/schema/points.ts';
import { postImages, postLikes } from '../../../src/db/schema/posts.ts';
import { stories } from '../../../src/db/schema/stories.ts';
import { users } from '../../../src/db/schema/users.ts';
import { creditPoints } from '../../../src/services/points/award.ts';
import {
  bearer,
  createBranch,
  createEvent,
  createPost,
  createUser,
  TEST_PASSWORD,
  tokenFor,
} from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const HOUR = 3_600_000;
let branchA: number;
let branchB: number;
let seller: { id: number; token: string };

beforeEach(async () => {
  await ctx.reset();
  await ctx.db
    .update(pointActions)
    .set({ active: true, dailyLimit: 20, cooldownSeconds: null })
    .where(eq(pointActions.key, 'like_post'));
  branchA = (await createBranch(ctx.db)).id;
  branchB = (await createBranch(ctx.db)).id;
  const u = await createUser(ctx.db, { branchId: branchA });
  seller = { id: u.id, token: await tokenFor(ctx.db, u.id) };
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = seller.token) =>
  ctx.app.inject({ method, url, payload, headers: bearer(token) });

const ledger = (userId: number, actionKey?: string) =>
  ctx.db
    .select({
      key: pointActions.key,
      points: pointTransactions.points,
      ref: pointTransactions.referenceId,
      type: pointTransactions.referenceType,
    })
    .from(pointTransactions)
    .leftJoin(pointActions, eq(pointActions.id, pointTransactions.pointActionId))
    .where(
      and(eq(pointTransactions.userId, userId), actionKey ? eq(pointActions.key, actionKey) : undefined),
    );

async function createStory(
  db: Db,
  overrides: Partial<{
    branchId: number | null;
    active: boolean;
    startsAt: Date | null;
    endsAt: Date | null;
    createdAt: Date;
  }> = {},
) {
  const [row] = await db
    .insert(stories)
    .values({
      title: 'Nueva línea de limpiadores',
      imageKey: 'ab/abcdef.webp',
      thumbKey: 'ab/abcdef-thumb.webp',
      createdBy: ctx.admin.id,
      branchId: overrides.branchId ?? null,
      active: overrides.active ?? true,
      startsAt: overrides.startsAt ?? null,
      endsAt: overrides.endsAt ?? null,
      createdAt: overrides.createdAt ?? new Date(),
    })
    .returning();
  return row!;
}

describe('GET /api/app/feed', () => {
  it("shows the seller's branch and all-branch posts, newest first, never another branch's", async () => {
    const author = await createUser(ctx.db, { branchId: branchB });
    const all = await createPost(ctx.db, author.id, { branchId: null });
    const mine = await createPost(ctx.db, author.id, { branchId: branchA });
    await createPost(ctx.db, author.id, { branchId: branchB });
    const res = await call('GET', '/api/app/feed');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { id: number }) => p.id)).toEqual([mine.id, all.id]);
  });

  it('pages with a cursor, without gaps or repeats, and refuses a bad cursor', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createPost(ctx.db, seller.id, { branchId: null })).id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/app/feed?per_page=2${cursor ? `&cursor=${cursor}` : ''}`;
      const body: { data: { id: number }[]; meta: { next_cursor: string | null } } = (
        await call('GET', url)
      ).json();
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((p: { id: number }) => p.id));
      cursor = body.meta.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    const bad = await call('GET', '/api/app/feed?cursor=basura');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(APP_MSG.invalidCursor);
  });

  it('returns author, branch, images with url and thumb_url, counts and liked_by_me', async () => {
    const post = await createPost(ctx.db, seller.id, { branchId: branchA });
    await ctx.db.insert(postImages).values([
      { postId: post.id, position: 1, storageKey: 'b/2.jpg', thumbKey: null, mime: 'image/jpeg', size: 10 },
      {
        postId: post.id,
        position: 0,
        storageKey: 'a/1.jpg',
        thumbKey: 'a/1-t.webp',
        mime: 'image/jpeg',
        size: 10,
      },
    ]);
    const other = await createUser(ctx.db, { branchId: branchA });
    await ctx.db.insert(postLikes).values([
      { postId: post.id, userId: other.id },
      { postId: post.id, userId: seller.id },
    ]);
    await call('POST', `/api/app/posts/${post.id}/comments`, { content: 'Muy bueno' });
    const [item] = (await call('GET', '/api/app/feed')).json().data;
    const [me] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, seller.id));
    expect(item).toMatchObject({
      id: post.id,
      user_name: me!.name,
      branch_id: branchA,
      likes_count: 2,
      comments_count: 1,
      liked_by_me: true,
      images: [
        { url: '/api/files/a/1.jpg', thumb_url: '/api/files/a/1-t.webp' },
        { url: '/api/files/b/2.jpg', thumb_url: '/api/files/b/2.jpg' },
      ],
    });
  });

  it('lets an administrator see every branch; anonymous callers get 401', async () => {
    await createPost(ctx.db, seller.id, { branchId: branchB });
    expect((await call('GET', '/api/app/feed', undefined, ctx.admin.token)).json().data).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/app/feed' })).statusCode).toBe(401);
  });
});

describe('likes', () => {
  it('like is idempotent and awards like_post once; unlike keeps the points; re-liking earns nothing', async () => {
    const post = await createPost(ctx.db, seller.id, { branchId: null });
    const url = `/api/app/posts/${post.id}/like`;
    const first = await call('POST', url);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ liked: true, likes_count: 1, points_awarded: 2 });
    expect((await call('POST', url)).json().data).toEqual({ liked: true, likes_count: 1, points_awarded: 0 });
    expect((await call('DELETE', url)).json().data).toEqual({
      liked: false,
      likes_count: 0,
      points_awarded: 0,
    });
    expect((await call('DELETE', url)).json().data.likes_count).toBe(0);
    expect((await call('POST', url)).json().data).toEqual({ liked: true, likes_count: 1, points_awarded: 0 });
    expect(await ledger(seller.id, 'like_post')).toEqual([
      { key: 'like_post', points: 2, ref: String(post.id), type: 'post' },
    ]);
  });

  it('an administrator liking and commenting through the app earns no points (only sellers are ranked)', async () => {
    const post = await createPost(ctx.db, seller.id, { branchId: null });
    const like = await call('POST', `/api/app/posts/${post.id}/like`, undefined, ctx.admin.token);
    expect(like.statusCode).toBe(200);
    expect(like.json().data).toEqual({ liked: true, likes_count: 1, points_awarded: 0 });
    const comment = await call(
      'POST',
      `/api/app/posts/${post.id}/comments`,
      { content: 'Bien' },
      ctx.admin.token,
    );
    expect(comment.json().data.points_awarded).toBe(0);
    expect(await ledger(ctx.admin.id, 'like_post')).toEqual([]);
    expect(await ledger(ctx.admin.id, 'comment_post')).toEqual([]);
  });

  it('still likes past the daily limit, without points', async () => {
    await ctx.db.update(pointActions).set({ dailyLimit: 2 }).where(eq(pointActions.key, 'like_post'));
    const results = [];
    for (let i = 0; i < 3; i++) {
      const post = await createPost(ctx.db, seller.id, { branchId: null });
      results.push((await call('POST', `/api/app/posts/${post.id}/like`)).json().data);
    }
    expect(results.map((r) => r.liked)).toEqual([true, true, true]);
    expect(results.map((r) => r.points_awarded)).toEqual([2, 2, 0]);
    expect(await ledger(seller.id, 'like_post')).toHaveLength(2);
  });

  it("counts the other sellers' likes on every path (award, past the limit, already liked, unlike)", async () => {
    await ctx.db.update(pointActions).set({ dailyLimit: 1 }).where(eq(pointActions.key, 'like_post'));
    const [first, second] = [
      await createPost(ctx.db, seller.id, { branchId: null }),
      await createPost(ctx.db, seller.id, { branchId: null }),
    ];
    for (const post of [first, second]) {
      for (let i = 0; i < 2; i++) {
        const other = await createUser(ctx.db, { branchId: branchA });
        await ctx.db.insert(postLikes).values({ postId: post.id, userId: other.id });
      }
    }
    const like = (id: number) => call('POST', `/api/app/posts/${id}/like`);
    // Earns points (the engine's path), then past the daily limit (one statement), then a repeat.
    expect((await like(first.id)).json().data).toEqual({ liked: true, likes_count: 3, points_awarded: 2 });
    expect((await like(second.id)).json().data).toEqual({ liked: true, likes_count: 3, points_awarded: 0 });
    expect((await like(second.id)).json().data).toEqual({ liked: true, likes_count: 3, points_awarded: 0 });
    const unlike = await call('DELETE', `/api/app/posts/${second.id}/like`);
    expect(unlike.json().data).toEqual({ liked: false, likes_count: 2, points_awarded: 0 });
    expect(await ledger(seller.id, 'like_post')).toHaveLength(1);
  });

  it('the same like sent in parallel gives one like and one award, on either path', async () => {
    const post = await createPost(ctx.db, seller.id, { branchId: null });
    const url = `/api/app/posts/${post.id}/like`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', url)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.json().data.likes_count)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(answers.map((a) => a.json().data.points_awarded).sort()).toEqual([0, 0, 0, 0, 0, 2]);
    // Past the daily limit the like is written by one statement: still one row.
    await ctx.db.update(pointActions).set({ dailyLimit: 1 }).where(eq(pointActions.key, 'like_post'));
    const later = await createPost(ctx.db, seller.id, { branchId: null });
    const again = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', `/api/app/posts/${later.id}/like`)),
    );
    expect(again.map((a) => a.json().data)).toEqual(
      Array.from({ length: 6 }, () => ({ liked: true, likes_count: 1, points_awarded: 0 })),
    );
    const rows = await ctx.db.select().from(postLikes).where(eq(postLikes.userId, seller.id));
    expect(rows.map((r) => r.postId).sort()).toEqual([post.id, later.id].sort());
    expect(await ledger(seller.id, 'like_post')).toHaveLength(1);
  });

  it('parallel likes of many posts keep the daily limit: every like written, points up to the limit', async () => {
    await ctx.db.update(pointActions).set({ dailyLimit: 3 }).where(eq(pointActions.key, 'like_post'));
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push((await createPost(ctx.db, seller.id, { branchId: null })).id);
    const answers = await Promise.all(ids.map((id) => call('POST', `/api/app/posts/${id}/like`)));
    expect(answers.every((a) => a.json().data.liked && a.json().data.likes_count === 1)).toBe(true);
    expect(answers.filter((a) => a.json().data.points_awarded === 2)).toHaveLength(3);
    expect(await ctx.db.select().from(postLikes).where(eq(postLikes.userId, seller.id))).toHaveLength(10);
    expect(await ledger(seller.id, 'like_post')).toHaveLength(3);
  });

  it('an inactive like_post or a cooldown: the like is written, no points', async () => {
    await ctx.db.update(pointActions).set({ cooldownSeconds: 3600 }).where(eq(pointActions.key, 'like_post'));
    const [a, b, c] = [
      await createPost(ctx.db, seller.id, { branchId: null }),
      await createPost(ctx.db, seller.id, { branchId: null }),
      await createPost(ctx.db, seller.id, { branchId: null }),
    ];
    expect((await call('POST', `/api/app/posts/${a.id}/like`)).json().data.points_awarded).toBe(2);
    expect((await call('POST', `/api/app/posts/${b.id}/like`)).json().data).toEqual({
      liked: true,
      likes_count: 1,
      points_awarded: 0,
    });
    await ctx.db
      .update(pointActions)
      .set({ active: false, cooldownSeconds: null })
      .where(eq(pointActions.key, 'like_post'));
    expect((await call('POST', `/api/app/posts/${c.id}/like`)).json().data.points_awarded).toBe(0);
    expect(await ctx.db.select().from(postLikes).where(eq(postLikes.userId, seller.id))).toHaveLength(3);
    expect(await ledger(seller.id, 'like_post')).toHaveLength(1);
  });

  it("answers 404 for another branch's post and for a missing one", async () => {
    const other = await createPost(ctx.db, seller.id, { branchId: branchB });
    for (const url of [`/api/app/posts/${other.id}/like`, '/api/app/posts/99999/like']) {
      for (const method of ['POST', 'DELETE'] as const) {
        const res = await call(method, url);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(APP_MSG.postNotFound);
      }
    }
    expect(await ledger(seller.id)).toHaveLength(0);
  });
});

describe('POST /api/app/posts/{id}/comments', () => {
  it('creates a trimmed comment (201) and awards comment_post with the comment as reference', async () => {
    const post = await createPost(ctx.db, seller.id, { branchId: branchA });
    const res = await call('POST', `/api/app/posts/${post.id}/comments`, { content: '  ¡Excelente! ' });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ post_id: post.id, content: '¡Excelente!', points_awarded: 5 });
    expect(await ledger(seller.id, 'comment_post')).toEqual([
      { key: 'comment_post', points: 5, ref: String(data.id), type: 'comment' },
    ]);
  });

  it('takes 1 to 1000 characters, with clear messages', async () => {
    const post = await createPost(ctx.db, seller.id, { branchId: null });
    const url = `/api/app/posts/${post.id}/comments`;
    for (const payload of [{}, { content: '   ' }]) {
      const res = await call('POST', url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: APP_MSG.commentRequired,
        errors: { content: [APP_MSG.commentRequired] },
      });
    }
    const long = await call('POST', url, { content: 'a'.repeat(1001) });
    expect(long.json()).toEqual({
      message: APP_MSG.commentTooLong,
      errors: { content: [APP_MSG.commentTooLong] },
    });
    expect((await call('POST', url, { content: 'a'.repeat(1000) })).statusCode).toBe(201);
  });

  it("refuses another branch's post with 404 and writes nothing", async () => {
    const post = await createPost(ctx.db, seller.id, { branchId: branchB });
    const res = await call('POST', `/api/app/posts/${post.id}/comments`, { content: 'Hola' });
    expect(res.statusCode).toBe(404);
    expect(await ledger(seller.id)).toHaveLength(0);
  });
});

describe('stories', () => {
  it('lists only active, started, unexpired stories of the branch and all branches', async () => {
    const now = Date.now();
    const visible = await createStory(ctx.db, { branchId: branchA });
    const forAll = await createStory(ctx.db, {
      branchId: null,
      createdAt: new Date(now - HOUR),
      endsAt: new Date(now + 48 * HOUR),
    });
    await createStory(ctx.db, { branchId: branchB });
    await createStory(ctx.db, { active: false });
    await createStory(ctx.db, { startsAt: new Date(now + HOUR) });
    await createStory(ctx.db, { createdAt: new Date(now - 25 * HOUR) });
    await createStory(ctx.db, { endsAt: new Date(now - 1000) });
    const res = await call('GET', '/api/app/stories');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(2);
    expect(res.json().data.map((s: { id: number }) => s.id)).toEqual([visible.id, forAll.id]);
    expect(res.json().data[0]).toMatchObject({
      image_url: '/api/files/ab/abcdef.webp',
      thumb_url: '/api/files/ab/abcdef-thumb.webp',
      viewed_by_me: false,
    });
  });

  it('a view is recorded once, keeps the first time and awards view_story once', async () => {
    const story = await createStory(ctx.db, { branchId: branchA });
    const first = await call('POST', `/api/app/stories/${story.id}/view`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.points_awarded).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    const second = await call('POST', `/api/app/stories/${story.id}/view`);
    expect(second.json().data).toEqual({ ...first.json().data, points_awarded: 0 });
    expect((await call('GET', '/api/app/stories')).json().data[0].viewed_by_me).toBe(true);
    expect(await ledger(seller.id, 'view_story')).toEqual([
      { key: 'view_story', points: 1, ref: String(story.id), type: 'story' },
    ]);
  });

  it("answers 404 for an expired story and for another branch's story", async () => {
    const expired = await createStory(ctx.db, { createdAt: new Date(Date.now() - 25 * HOUR) });
    const other = await createStory(ctx.db, { branchId: branchB });
    for (const id of [expired.id, other.id, 99999]) {
      const res = await call('POST', `/api/app/stories/${id}/view`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(APP_MSG.storyNotFound);
    }
  });
});

describe('notifications and events', () => {
  it("lists the branch's and all-branch notifications, newest first, paged", async () => {
    const [type] = await ctx.db.insert(notificationTypes).values({ name: 'Aviso' }).returning();
    const t0 = Date.now();
    await ctx.db.insert(notifications).values([
      {
        notificationTypeId: type!.id,
        branchId: null,
        title: 'General',
        message: 'Para todos',
        createdAt: new Date(t0 - 2000),
      },
      {
        notificationTypeId: type!.id,
        branchId: branchA,
        title: 'Mía',
        message: 'Sucursal A',
        createdAt: new Date(t0 - 1000),
      },
      { notificationTypeId: type!.id, branchId: branchB, title: 'Ajena', message: 'Sucursal B' },
    ]);
    const res = await call('GET', '/api/app/notifications?per_page=1');
    expect(res.json().meta).toEqual({ page: 1, per_page: 1, total: 2, last_page: 2 });
    expect(res.json().data[0]).toMatchObject({
      title: 'Mía',
      type: { name: 'Aviso', color: '#FF0000', icon: '1.png' },
    });
  });

  it('lists upcoming events by default (soonest first), past ones on request, never another branch', async () => {
    const now = Date.now();
    const soon = await createEvent(ctx.db, new Date(now + 2 * HOUR), { branchId: branchA });
    const later = await createEvent(ctx.db, new Date(now + 48 * HOUR));
    const past = await createEvent(ctx.db, new Date(now - 48 * HOUR));
    await createEvent(ctx.db, new Date(now + HOUR), { branchId: branchB });
    const upcoming = (await call('GET', '/api/app/events')).json();
    expect(upcoming.data.map((e: { id: number }) => e.id)).toEqual([soon.id, later.id]);
    const old = (await call('GET', '/api/app/events?period=past')).json();
    expect(old.data.map((e: { id: number }) => e.id)).toEqual([past.id]);
    expect((await call('GET', '/api/app/events?period=mañana')).statusCode).toBe(400);
  });
});

describe('GET /api/app/me/points', () => {
  it('gives total, month points, standard competition rank and recent transactions', async () => {
    const ref = { type: 'survey', id: 1 };
    const a = await createUser(ctx.db, { branchId: branchA });
    const b = await createUser(ctx.db, { branchId: branchB });
    await creditPoints(ctx.db, { userId: a.id, points: 10, description: 'Premio', reference: ref });
    await creditPoints(ctx.db, { userId: b.id, points: 10, description: 'Premio', reference: ref });
    await creditPoints(ctx.db, { userId: seller.id, points: 5, description: 'Premio', reference: ref });
    // Last year's points count in the total, not in this month's rank.
    await creditPoints(ctx.db, {
      userId: seller.id,
      points: 100,
      description: 'Viejo',
      reference: ref,
      now: new Date(Date.now() - 400 * 24 * HOUR),
    });
    const res = await call('GET', '/api/app/me/points');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      total_points: 105,
      month_points: 5,
      rank: 3,
      ranked_sellers: 3,
      // a (branch A) and the seller rank in branch A; b is in branch B.
      branch_rank: 2,
      branch_ranked_sellers: 2,
    });
    expect(data.recent_transactions.map((t: { points: number }) => t.points)).toEqual([5, 100]);
    const tied = (await call('GET', '/api/app/me/points', undefined, await tokenFor(ctx.db, b.id))).json()
      .data;
    expect(tied.rank).toBe(1);
  });

  it('has no rank without points this month', async () => {
    const data = (await call('GET', '/api/app/me/points')).json().data;
    expect(data).toEqual({
      total_points: 0,
      month_points: 0,
      rank: null,
      ranked_sellers: 0,
      branch_rank: null,
      branch_ranked_sellers: 0,
      recent_transactions: [],
    });
  });
});

describe('daily_login', () => {
  it("the seller's first sign-in of the business day awards it once; an admin's never", async () => {
    const login = (email: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: TEST_PASSWORD } });
    const [me] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, seller.id));
    expect((await login(me!.email)).statusCode).toBe(200);
    expect((await login(me!.email)).statusCode).toBe(200);
    const rows = await ledger(seller.id, 'daily_login');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.type).toBe('login');
    expect(rows[0]!.ref).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await login(ctx.admin.email)).statusCode).toBe(200);
    expect(await ledger(ctx.admin.id)).toHaveLength(0);
  });

  it('signs in even when the action is missing or inactive', async () => {
    await ctx.db.update(pointActions).set({ active: false }).where(eq(pointActions.key, 'daily_login'));
    const [me] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, seller.id));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: me!.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    await ctx.db.update(pointActions).set({ active: true }).where(eq(pointActions.key, 'daily_login'));
    expect(await ledger(seller.id)).toHaveLength(0);
  });
});
