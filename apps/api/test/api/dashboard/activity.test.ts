import { ZDashboardActivity } from '@panel/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../../src/db/schema/posts.ts';
import {
  bearer,
  createComment,
  createEvent,
  createLike,
  createPost,
  createStory,
  createStoryView,
  createTransaction,
  createUser,
} from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// Wednesday 11 March 2026, 12:00 in Buenos Aires (UTC-3).
const NOW = new Date('2026-03-11T15:00:00Z');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
});
afterAll(() => ctx?.close());

const get = (token = ctx.admin.token) =>
  ctx.app.inject({ method: 'GET', url: '/api/dashboard/activity', headers: bearer(token) });

describe('GET /api/dashboard/activity', () => {
  it('counts posts, likes, comments, story views and points per business day over 30 days', async () => {
    const ana = await createUser(ctx.db, { name: 'Ana Álvarez' });
    const post = await createPost(ctx.db, ana.id);
    await ctx.db
      .update(posts)
      .set({ createdAt: new Date('2026-03-10T02:30:00Z') })
      .where(eq(posts.id, post.id)); // 9 March local
    const old = await createPost(ctx.db, ana.id);
    await ctx.db
      .update(posts)
      .set({ createdAt: new Date('2026-02-09T12:00:00Z') })
      .where(eq(posts.id, old.id)); // outside
    await createLike(ctx.db, post.id, ana.id, new Date('2026-03-11T12:00:00Z'));
    await createLike(ctx.db, post.id, ctx.seller.id, new Date('2026-03-11T13:00:00Z'));
    await createComment(ctx.db, post.id, ana.id, new Date('2026-03-09T02:59:00Z')); // 8 March, 23:59 local
    const story = await createStory(ctx.db, ctx.admin.id);
    await createStoryView(ctx.db, story.id, ana.id, new Date('2026-02-10T03:00:00Z')); // first day of the window
    await createTransaction(ctx.db, ana.id, { points: 7, createdAt: new Date('2026-03-11T12:00:00Z') });
    await createTransaction(ctx.db, ana.id, { points: 3, createdAt: new Date('2026-03-11T13:00:00Z') });

    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    const { days, top_sellers } = ZDashboardActivity.parse(res.json().data);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({
      date: '2026-02-10',
      posts: 0,
      likes: 0,
      comments: 0,
      story_views: 1,
      points: 0,
    });
    const byDay = Object.fromEntries(days.map((d) => [d.date, d]));
    expect(byDay['2026-03-11']).toEqual({
      date: '2026-03-11',
      posts: 0,
      likes: 2,
      comments: 0,
      story_views: 0,
      points: 10,
    });
    expect(byDay['2026-03-09']!.posts).toBe(1);
    expect(byDay['2026-03-08']!.comments).toBe(1);
    expect(days.reduce((n, d) => n + d.posts, 0)).toBe(1);
    expect(top_sellers).toEqual([
      { id: ana.id, rank: 1, name: 'Ana Álvarez', branch_id: null, branch_name: null, period_points: 10 },
    ]);
  });

  it('lists the next five events from now on, soonest first', async () => {
    for (const at of [
      '2026-03-11T14:00:00Z', // already started
      '2026-03-20T12:00:00Z',
      '2026-03-12T12:00:00Z',
      '2026-04-01T12:00:00Z',
      '2026-03-15T12:00:00Z',
      '2026-03-11T16:00:00Z',
      '2026-05-01T12:00:00Z',
    ]) {
      await createEvent(ctx.db, new Date(at));
    }
    const { upcoming_events } = ZDashboardActivity.parse((await get()).json().data);
    expect(upcoming_events.map((e) => e.start_at)).toEqual([
      '2026-03-11T16:00:00.000Z',
      '2026-03-12T12:00:00.000Z',
      '2026-03-15T12:00:00.000Z',
      '2026-03-20T12:00:00.000Z',
      '2026-04-01T12:00:00.000Z',
    ]);
    expect(upcoming_events[0]).toMatchObject({ branch_name: null, color: '#FF0000' });
  });

  it('is for admins only', async () => {
    expect((await get(ctx.seller.token)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dashboard/activity' })).statusCode).toBe(401);
  });
});
