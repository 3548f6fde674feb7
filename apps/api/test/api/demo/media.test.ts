import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postImages, posts } from '../../../src/db/schema/posts.ts';
import { stories, storyViews } from '../../../src/db/schema/stories.ts';
import { seedDemoIfEmpty } from '../../../src/demo/seed.ts';
import { bearer } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.testDb.reset(); // no users at all: the seed only runs on an empty database
});
afterAll(() => ctx?.close());

describe('demo media', () => {
  it('gives every demo post real pictures and seeds stories with views, quickly', async () => {
    const started = Date.now();
    expect((await seedDemoIfEmpty(ctx.db, new Date(), ctx.app.storage)).seeded).toBe(true);
    expect(Date.now() - started).toBeLessThan(15_000);

    const [postCount] = await ctx.db.select({ n: count() }).from(posts);
    const withImages = await ctx.db.selectDistinct({ postId: postImages.postId }).from(postImages);
    expect(withImages).toHaveLength(postCount!.n);
    const [storyCount] = await ctx.db.select({ n: count() }).from(stories);
    expect(storyCount!.n).toBe(14); // six recent, eight older ones that ended (views over the month)
    const [viewCount] = await ctx.db.select({ n: count() }).from(storyViews);
    expect(viewCount!.n).toBeGreaterThan(10);

    // The stored files are real JPEGs and WebP thumbnails, served at their URLs.
    const [image] = await ctx.db.select().from(postImages).limit(1);
    const original = await ctx.app.inject({ method: 'GET', url: `/api/files/${image!.storageKey}` });
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(original.rawPayload).metadata()).width).toBe(800);
    const thumb = await ctx.app.inject({ method: 'GET', url: `/api/files/${image!.thumbKey}` });
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it('shows the stories with their states in the list', async () => {
    const { createAdmin, tokenFor } = await import('../../../src/testing/factories.ts');
    const admin = await createAdmin(ctx.db);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/stories?per_page=10',
      headers: bearer(await tokenFor(ctx.db, admin.id)),
    });
    const list = res.json().data as {
      title: string;
      is_live: boolean;
      active: boolean;
      starts_at: string | null;
      ends_at: string | null;
      expires_at: string;
    }[];
    expect(list.filter((s) => s.is_live).length).toBeGreaterThanOrEqual(3);
    expect(list.filter((s) => !s.is_live).length).toBeGreaterThanOrEqual(2);
    // The one that starts tomorrow, without an end, shows for a whole day from its start (not 5 hours).
    const scheduled = list.filter((s) => s.starts_at && Date.parse(s.starts_at) > Date.now());
    expect(scheduled.map((s) => s.title)).toEqual(['Nuevo aroma limón']);
    const [tomorrow] = scheduled;
    expect(tomorrow!.ends_at).toBeNull();
    expect(Date.parse(tomorrow!.expires_at) - Date.parse(tomorrow!.starts_at!)).toBe(24 * 60 * 60 * 1000);
  });
});
