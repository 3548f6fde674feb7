import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts as postsTable } from '../../../src/db/schema/posts.ts';
import { seedDemoIfEmpty } from '../../../src/demo/seed.ts';
import { selectPosts, toPostDtos } from '../../../src/services/posts/post-dto.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.testDb.reset(); // the seed only runs on an empty database
});
afterAll(() => ctx?.close());

describe('the demo\'s "Vista por N de M"', () => {
  it('tells a plausible story: every post seen by some of its audience, most not by all, older ones by more', async () => {
    await seedDemoIfEmpty(
      ctx.db,
      new Date('2026-12-03T12:00:00Z'),
      ctx.app.storage,
      'America/Argentina/Buenos_Aires',
    );
    // The panel list's own counts (services/posts/reach.ts), oldest first.
    const rows = await selectPosts(ctx.db).orderBy(asc(postsTable.createdAt));
    const posts = await toPostDtos(ctx.db, rows);
    expect(posts.length).toBeGreaterThan(10);
    for (const p of posts) {
      expect(p.seen_count).toBeGreaterThan(0);
      expect(p.seen_count).toBeLessThanOrEqual(p.audience_count);
    }
    // Some of a small branch may all have seen a post; the whole company never did.
    expect(posts.filter((p) => p.seen_count < p.audience_count).length).toBeGreaterThan(posts.length / 2);
    // Oldest first: the first third reached more of its audience than the newest third.
    const share = (list: typeof posts) =>
      list.reduce((s, p) => s + p.seen_count / p.audience_count, 0) / list.length;
    const third = Math.floor(posts.length / 3);
    expect(share(posts.slice(0, third))).toBeGreaterThan(share(posts.slice(-third)) + 0.2);
  });
});
