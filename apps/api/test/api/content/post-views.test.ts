import { APP_VIEWS_MAX, MEDIA_MSG } from '@panel/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pointTransactions } from '../../../src/db/schema/points.ts';
import { postViews } from '../../../src/db/schema/posts.ts';
import { storyViews } from '../../../src/db/schema/stories.ts';
import { users } from '../../../src/db/schema/users.ts';
import { countedSeen } from '../../../src/services/posts/reach.ts';
import {
  bearer,
  countActiveSellers,
  createBranch,
  createPost,
  createSellerWithToken,
  createStory,
} from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// "Vista por N de M" (docs/decisions/2026-12-03-views.md): the app's batch of views, one row per
// seller and post, and the panel's reach and lists of who saw a post and who has not.

let clock = new Date('2026-12-03T12:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock });
});
afterAll(() => ctx?.close());

interface Seller {
  id: number;
  token: string;
}
let branchA: number;
let branchB: number;
let a: Seller[];
let b: Seller[];
/** Active sellers the context made itself (no branch): they see the posts to every branch. */
let others: number;

const seller = async (branchId: number | null, active = true): Promise<Seller> => {
  const { id, token } = await createSellerWithToken(ctx.db, branchId, clock);
  if (!active) await ctx.db.update(users).set({ active: false }).where(eq(users.id, id));
  return { id, token };
};

beforeEach(async () => {
  clock = new Date('2026-12-03T12:00:00Z');
  await ctx.reset();
  others = await countActiveSellers(ctx.db);
  branchA = (await createBranch(ctx.db, { name: 'Alfa' })).id;
  branchB = (await createBranch(ctx.db, { name: 'Beta' })).id;
  a = [await seller(branchA), await seller(branchA), await seller(branchA)];
  b = [await seller(branchB), await seller(branchB)];
});

const views = (who: Seller, body: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/app/views', payload: body, headers: bearer(who.token) });

const viewsOf = async (postId: number) =>
  (await ctx.db.select({ n: count() }).from(postViews).where(eq(postViews.postId, postId)))[0]!.n;

const listRow = async (id: number) => {
  const res = await ctx.asAdmin('GET', '/api/posts?per_page=100');
  expect(res.statusCode).toBe(200);
  const row = res.json().data.find((p: { id: number }) => p.id === id);
  return [row.seen_count, row.audience_count];
};

describe('POST /api/app/views', () => {
  it('records each post once per seller, keeping the first time', async () => {
    const post = await createPost(ctx.db, ctx.admin.id);
    const first = await views(a[0]!, { posts: [post.id, post.id] });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ posts_recorded: 1, stories_recorded: 0, points_awarded: 0 });
    clock = new Date('2026-12-03T13:00:00Z');
    const again = await views(a[0]!, { posts: [post.id] });
    expect(again.json().data.posts_recorded).toBe(0);
    const [row] = await ctx.db.select().from(postViews).where(eq(postViews.postId, post.id));
    expect(row!.viewedAt.toISOString()).toBe('2026-12-03T12:00:00.000Z');
    expect(await viewsOf(post.id)).toBe(1);
  });

  it('counts once when the same batch arrives many times at once', async () => {
    const p1 = await createPost(ctx.db, ctx.admin.id);
    const p2 = await createPost(ctx.db, ctx.admin.id);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => views(a[0]!, { posts: i % 2 ? [p1.id, p2.id] : [p2.id, p1.id] })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const recorded = results.reduce((sum, r) => sum + r.json().data.posts_recorded, 0);
    expect(recorded).toBe(2);
    expect([await viewsOf(p1.id), await viewsOf(p2.id)]).toEqual([1, 1]);
  });

  it('ignores posts the seller cannot see and posts that do not exist, recording the rest', async () => {
    const forB = await createPost(ctx.db, ctx.admin.id, { branchId: branchB });
    const forA = await createPost(ctx.db, ctx.admin.id, { branchId: branchA });
    const res = await views(a[0]!, { posts: [forB.id, forA.id, 2_000_000] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.posts_recorded).toBe(1);
    expect(await viewsOf(forB.id)).toBe(0);
    expect(await viewsOf(forA.id)).toBe(1);
  });

  it('records stories through the same call, once, awarding view_story the first time only', async () => {
    const story = await createStory(ctx.db, ctx.admin.id);
    const hidden = await createStory(ctx.db, ctx.admin.id, { branchId: branchB });
    const first = await views(a[0]!, { stories: [story.id, hidden.id] });
    expect(first.json().data.stories_recorded).toBe(1);
    expect(first.json().data.points_awarded).toBeGreaterThan(0);
    const again = await views(a[0]!, { stories: [story.id] });
    expect(again.json().data).toEqual({ posts_recorded: 0, stories_recorded: 0, points_awarded: 0 });
    // The single story call shares the writing: already seen, it keeps the first time and awards nothing.
    const single = await ctx.app.inject({
      method: 'POST',
      url: `/api/app/stories/${story.id}/view`,
      headers: bearer(a[0]!.token),
    });
    expect(single.json().data).toMatchObject({ viewed_at: '2026-12-03T12:00:00.000Z', points_awarded: 0 });
    const rows = await ctx.db.select({ n: count() }).from(storyViews).where(eq(storyViews.userId, a[0]!.id));
    expect(rows[0]!.n).toBe(1);
    const awards = await ctx.db
      .select({ n: count() })
      .from(pointTransactions)
      .where(eq(pointTransactions.userId, a[0]!.id));
    expect(awards[0]!.n).toBe(1);
  });

  it(`refuses more than ${APP_VIEWS_MAX} ids, ids that are not positive integers, and no session`, async () => {
    const many = Array.from({ length: APP_VIEWS_MAX + 1 }, (_, i) => i + 1);
    expect((await views(a[0]!, { posts: many })).statusCode).toBe(400);
    expect((await views(a[0]!, { stories: many })).statusCode).toBe(400);
    expect((await views(a[0]!, { posts: [0] })).statusCode).toBe(400);
    expect((await views(a[0]!, { posts: ['1'] })).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/views',
      payload: { posts: [1] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('reach: "Vista por N de M"', () => {
  it('counts a branch post against its branch active sellers, in the list and in /reach', async () => {
    const post = await createPost(ctx.db, ctx.admin.id, { branchId: branchA });
    const gone = await seller(branchA);
    await views(a[0]!, { posts: [post.id] });
    await views(a[1]!, { posts: [post.id] });
    await views(gone, { posts: [post.id] });
    // Deactivated after seeing it: neither seen nor audience any more.
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, gone.id));
    expect(await listRow(post.id)).toEqual([2, 3]);
    const reach = await ctx.asAdmin('GET', `/api/posts/${post.id}/reach`);
    expect(reach.statusCode).toBe(200);
    expect(reach.json().data).toEqual({
      seen: 2,
      audience: 3,
      by_branch: [{ branch_id: branchA, branch_name: 'Alfa', seen: 2, audience: 3 }],
    });
  });

  it('counts a post to every branch against every active seller, per branch by name', async () => {
    const post = await createPost(ctx.db, ctx.admin.id);
    await seller(branchB, false);
    await views(a[2]!, { posts: [post.id] });
    await views(b[0]!, { posts: [post.id] });
    await views(b[1]!, { posts: [post.id] });
    // An administrator's view is recorded but is not a seller's: not counted.
    await ctx.asAdmin('POST', '/api/app/views', { posts: [post.id] });
    expect(await listRow(post.id)).toEqual([3, 5 + others]);
    const { data } = (await ctx.asAdmin('GET', `/api/posts/${post.id}/reach`)).json();
    expect(data.seen).toBe(3);
    expect(data.audience).toBe(5 + others);
    expect(data.by_branch).toEqual([
      { branch_id: branchA, branch_name: 'Alfa', seen: 1, audience: 3 },
      { branch_id: branchB, branch_name: 'Beta', seen: 2, audience: 2 },
    ]);
  });

  it('answers 404 for a post that does not exist, and 403 to a seller', async () => {
    const missing = await ctx.asAdmin('GET', '/api/posts/2000000/reach');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MEDIA_MSG.postNotFound);
    expect((await ctx.asAdmin('GET', '/api/posts/2000000/viewers')).statusCode).toBe(404);
    const post = await createPost(ctx.db, ctx.admin.id);
    for (const url of [`/api/posts/${post.id}/reach`, `/api/posts/${post.id}/viewers?seen=false`]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(a[0]!.token) });
      expect(res.statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('GET /api/posts/{id}/viewers', () => {
  it('lists who saw it newest first and who has not by name, a page at a time', async () => {
    const post = await createPost(ctx.db, ctx.admin.id, { branchId: branchA });
    const extra = [await seller(branchA), await seller(branchA)];
    const audience = [...a, ...extra];
    for (const [i, who] of [a[0]!, extra[1]!, a[2]!].entries()) {
      clock = new Date(`2026-12-03T1${i + 2}:00:00Z`);
      await views(who, { posts: [post.id] });
    }
    const page1 = (await ctx.asAdmin('GET', `/api/posts/${post.id}/viewers?per_page=2`)).json();
    expect(page1.meta.total).toBe(3);
    expect(page1.data.map((v: { user_id: number }) => v.user_id)).toEqual([a[2]!.id, extra[1]!.id]);
    expect(page1.data[0]).toMatchObject({ branch_name: 'Alfa', viewed_at: '2026-12-03T14:00:00.000Z' });
    const page2 = (await ctx.asAdmin('GET', `/api/posts/${post.id}/viewers?per_page=2&page=2`)).json();
    expect(page2.data.map((v: { user_id: number }) => v.user_id)).toEqual([a[0]!.id]);

    const not = (await ctx.asAdmin('GET', `/api/posts/${post.id}/viewers?seen=false`)).json();
    expect(not.meta.total).toBe(2);
    const expected = audience
      .filter((s) => ![a[0]!.id, extra[1]!.id, a[2]!.id].includes(s.id))
      .map((s) => s.id);
    expect(not.data.map((v: { user_id: number }) => v.user_id).sort()).toEqual(expected.sort());
    expect(not.data.every((v: { viewed_at: string | null }) => v.viewed_at === null)).toBe(true);
    const names = not.data.map((v: { name: string }) => v.name.toLowerCase());
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y, 'es')));
    expect((await ctx.asAdmin('GET', `/api/posts/${post.id}/viewers?seen=quizas`)).statusCode).toBe(400);
  });
});

describe('the kept count of "Vista por N"', () => {
  it('agrees with a count of the rows through views, deactivation, a change of branch or role, and a delete', async () => {
    const forA = await createPost(ctx.db, ctx.admin.id, { branchId: branchA });
    const forAll = await createPost(ctx.db, ctx.admin.id);
    const agree = async (expected: [number, number]) => {
      const kept = [(await listRow(forA.id))[0], (await listRow(forAll.id))[0]];
      const counted = [await countedSeen(ctx.db, forA.id), await countedSeen(ctx.db, forAll.id)];
      const reach = async (id: number) => (await ctx.asAdmin('GET', `/api/posts/${id}/reach`)).json().data;
      const [ra, rall] = [await reach(forA.id), await reach(forAll.id)];
      expect(kept).toEqual(counted);
      expect([ra.seen, rall.seen]).toEqual(counted);
      // Per branch too: the kept rows per branch sum to the same.
      const sum = (r: { by_branch: { seen: number }[] }) => r.by_branch.reduce((n, b) => n + b.seen, 0);
      expect([sum(ra), sum(rall)]).toEqual(counted);
      expect(kept).toEqual(expected);
    };
    for (const who of [a[0]!, a[1]!, b[0]!]) await views(who, { posts: [forA.id, forAll.id] });
    await agree([2, 3]);
    const set = (who: Seller, values: Partial<typeof users.$inferInsert>) =>
      ctx.db.update(users).set(values).where(eq(users.id, who.id));
    await set(a[0]!, { active: false });
    await agree([1, 2]);
    await set(a[0]!, { active: true });
    await agree([2, 3]);
    // Moved to another branch: no longer the audience of branch A's post, still of the one for all.
    await set(a[1]!, { branchId: branchB });
    await agree([1, 3]);
    await set(a[1]!, { branchId: branchA });
    await agree([2, 3]);
    await set(b[0]!, { role: 'admin' });
    await agree([2, 2]);
    await ctx.db.delete(users).where(eq(users.id, a[0]!.id));
    await agree([1, 1]);
  });
});
