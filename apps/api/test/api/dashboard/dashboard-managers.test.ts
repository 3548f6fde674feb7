import { ZDashboardActivity, ZDashboardSummary } from '@panel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createBranch,
  createComment,
  createEvent,
  createLike,
  createManager,
  createPost,
  createStory,
  createStoryView,
  createTransaction,
  createUser,
  tokenFor,
} from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * The dashboard for branch managers (docs/product.md#branch-managers): their branch's counters (its
 * sellers, its posts and events, not the company-wide ones), and the activity of their branch (its
 * posts; its sellers' likes, comments, story views and points), its next events and its top five.
 */

// Wednesday 11 March 2026, 12:00 in Buenos Aires (UTC-3).
const NOW = new Date('2026-03-11T15:00:00Z');
const YESTERDAY = new Date('2026-03-10T15:00:00Z');
const TOMORROW = new Date('2026-03-12T15:00:00Z');

let ctx: TestContext;
let manager: string;
let otherManager: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  const own = (await createBranch(ctx.db, { name: 'Córdoba Centro' })).id;
  const other = (await createBranch(ctx.db, { name: 'Rosario' })).id;
  manager = await tokenFor(ctx.db, (await createManager(ctx.db, own)).id, NOW);
  otherManager = await tokenFor(ctx.db, (await createManager(ctx.db, other)).id, NOW);
  ids.ana = (await createUser(ctx.db, { name: 'Ana Álvarez', branchId: own })).id;
  ids.carla = (await createUser(ctx.db, { name: 'Carla Castro', branchId: own, active: false })).id;
  ids.bruno = (await createUser(ctx.db, { name: 'Bruno Benítez', branchId: other })).id;

  // A post and an event of each branch, and of the whole company.
  const posts: number[] = [];
  for (const branchId of [own, other, null]) {
    posts.push((await createPost(ctx.db, ctx.admin.id, { branchId, createdAt: YESTERDAY })).id);
    await createEvent(ctx.db, TOMORROW, { branchId });
  }
  // Each seller likes, comments, sees a story and earns points, on any branch's post.
  const story = await createStory(ctx.db, ctx.admin.id);
  for (const [seller, points] of [
    [ids.ana!, 7],
    [ids.bruno!, 11],
  ] as const) {
    await createLike(ctx.db, posts[1]!, seller, YESTERDAY);
    await createComment(ctx.db, posts[2]!, seller, YESTERDAY);
    await createStoryView(ctx.db, story.id, seller, YESTERDAY);
    await createTransaction(ctx.db, seller, { points, createdAt: YESTERDAY });
  }
});
afterAll(() => ctx?.close());

const read = async (path: string, token: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/dashboard/${path}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('the dashboard for a branch manager', () => {
  it("counts their branch's sellers, posts and events; an administrator, the company's", async () => {
    expect(ZDashboardSummary.parse(await read('summary', manager))).toEqual({
      sellers: 1,
      users: 2,
      posts: 1,
      events: 1,
      upcoming_events: 1,
    });
    expect(ZDashboardSummary.parse(await read('summary', otherManager))).toMatchObject({
      sellers: 1,
      users: 1,
      posts: 1,
    });
    const company = ZDashboardSummary.parse(await read('summary', ctx.admin.token));
    expect(company).toMatchObject({ posts: 3, events: 3, upcoming_events: 3 });
    // The context's seller and the three above, two of them active besides it; managers and admins are users.
    expect(company.sellers).toBeGreaterThanOrEqual(3);
    expect(company.users).toBeGreaterThan(company.sellers);
  });

  it("shows their branch's activity, its next events and its top five", async () => {
    const mine = ZDashboardActivity.parse(await read('activity', manager));
    const total = (days: Record<string, number | string>[], key: string) =>
      days.reduce((n, d) => n + Number(d[key]), 0);
    const sums = (a: typeof mine) =>
      Object.fromEntries(
        ['posts', 'likes', 'comments', 'story_views', 'points'].map((k) => [k, total(a.days, k)]),
      );
    expect(sums(mine)).toEqual({ posts: 1, likes: 1, comments: 1, story_views: 1, points: 7 });
    expect(mine.upcoming_events.map((e) => e.branch_name)).toEqual(['Córdoba Centro']);
    expect(mine.top_sellers.map((e) => [e.name, e.period_points])).toEqual([['Ana Álvarez', 7]]);

    const theirs = ZDashboardActivity.parse(await read('activity', otherManager));
    expect(sums(theirs)).toEqual({ posts: 1, likes: 1, comments: 1, story_views: 1, points: 11 });
    expect(theirs.top_sellers.map((e) => e.name)).toEqual(['Bruno Benítez']);

    const company = ZDashboardActivity.parse(await read('activity', ctx.admin.token));
    expect(sums(company)).toEqual({ posts: 3, likes: 2, comments: 2, story_views: 2, points: 18 });
    expect(company.upcoming_events).toHaveLength(3);
    expect(company.top_sellers.map((e) => e.name)).toEqual(['Bruno Benítez', 'Ana Álvarez']);
  });

  it('is still refused to sellers', async () => {
    for (const path of ['summary', 'activity']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/dashboard/${path}`,
        headers: bearer(ctx.seller.token),
      });
      expect(res.statusCode).toBe(403);
    }
  });
});
