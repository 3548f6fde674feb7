import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../../src/db/client.ts';
import { createEvent, createPost, createUser } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';
import { withParallelDb as withParallelDbOf } from '../../../src/testing/test-db.ts';

// The counts row_counts keeps by triggers (posts, events, active sellers) must always equal the
// tables, whatever wrote them: the dashboard summary and the posts list read them instead of counting.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

async function keptVsCounted() {
  const [row] = await queryRows<Record<string, number | string>>(
    ctx.db,
    sql`SELECT
      coalesce((SELECT n FROM row_counts WHERE name = 'posts'), 0) AS kept_posts,
      (SELECT count(*) FROM posts) AS posts,
      coalesce((SELECT n FROM row_counts WHERE name = 'events'), 0) AS kept_events,
      (SELECT count(*) FROM events) AS events,
      coalesce((SELECT n FROM row_counts WHERE name = 'active_sellers'), 0) AS kept_sellers,
      (SELECT count(*) FROM users WHERE role = 'seller' AND active) AS sellers`,
  );
  const n = (key: string) => Number(row?.[key]);
  return {
    kept: { posts: n('kept_posts'), events: n('kept_events'), sellers: n('kept_sellers') },
    counted: { posts: n('posts'), events: n('events'), sellers: n('sellers') },
  };
}

async function summary() {
  return (await ctx.asAdmin('GET', '/api/dashboard/summary')).json().data;
}

const withParallelDb = (work: (db: Db) => Promise<void>) => withParallelDbOf(ctx.testDb, work);

describe('row counts kept by triggers', () => {
  it('follow inserts, deletes (cascades too), role and active changes, and TRUNCATE', async () => {
    const ana = await createUser(ctx.db, { name: 'Ana Contada' });
    await createUser(ctx.db, { active: false });
    await createUser(ctx.db, { role: 'admin' });
    for (let i = 0; i < 3; i++) await createPost(ctx.db, ana.id);
    await createPost(ctx.db, ctx.seller.id);
    const event = await createEvent(ctx.db, new Date('2026-05-01T12:00:00Z'));
    await createEvent(ctx.db, new Date('2026-05-02T12:00:00Z'));
    expect(await keptVsCounted()).toEqual({
      kept: { posts: 4, events: 2, sellers: 2 },
      counted: { posts: 4, events: 2, sellers: 2 },
    });
    expect(await summary()).toMatchObject({ sellers: 2, posts: 4, events: 2 });
    expect((await ctx.asAdmin('GET', '/api/posts?per_page=10')).json().meta.total).toBe(4);

    // A seller made admin and another deactivated: two fewer; one of several rows updated at once.
    await ctx.db.execute(sql`UPDATE users SET role = 'admin' WHERE id = ${ana.id}`);
    await ctx.db.execute(sql`UPDATE users SET active = NOT active WHERE role = 'seller'`);
    await ctx.db.execute(sql`UPDATE users SET name = 'Sin cambio de conteo' WHERE id = ${ctx.seller.id}`);
    await ctx.db.execute(sql`DELETE FROM events WHERE id = ${event.id}`);
    // Deleting a user deletes their posts by cascade.
    await ctx.db.execute(sql`DELETE FROM users WHERE id = ${ana.id}`);
    let { kept, counted } = await keptVsCounted();
    expect(kept).toEqual(counted);
    expect(counted).toEqual({ posts: 1, events: 1, sellers: 1 });
    expect(await summary()).toMatchObject({ sellers: 1, posts: 1, events: 1 });

    await ctx.db.execute(sql`TRUNCATE posts, events CASCADE`);
    ({ kept, counted } = await keptVsCounted());
    expect(kept).toEqual(counted);
    expect((await ctx.asAdmin('GET', '/api/posts')).json().meta.total).toBe(0);
    await createPost(ctx.db, ctx.seller.id);
    expect(await summary()).toMatchObject({ posts: 1, events: 0 });
  });

  it('stay equal under parallel writes: posts created and deleted, sellers switched on and off', async () => {
    const sellers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createUser(ctx.db, { name: `Paralelo ${i}`, active: i % 2 === 0 })),
    );
    await withParallelDb(async (db) => {
      const created = await Promise.all(
        Array.from({ length: 30 }, (_, i) => createPost(db, sellers[i % sellers.length]!.id)),
      );
      await Promise.all([
        ...created
          .filter((_, i) => i % 3 === 0)
          .map((post) => db.execute(sql`DELETE FROM posts WHERE id = ${post.id}`)),
        ...Array.from({ length: 10 }, (_, i) => createPost(db, ctx.seller.id, { content: `Más ${i}` })),
        ...Array.from({ length: 8 }, (_, i) => createEvent(db, new Date(Date.UTC(2026, 5, 1 + i)))),
        ...sellers.flatMap((s) =>
          Array.from({ length: 3 }, () =>
            db.execute(sql`UPDATE users SET active = NOT active WHERE id = ${s.id}`),
          ),
        ),
      ]);
    });
    const { kept, counted } = await keptVsCounted();
    expect(counted.posts).toBe(30 - 10 + 10);
    expect(counted.events).toBe(8);
    expect(kept).toEqual(counted);
    expect(await summary()).toMatchObject({ sellers: counted.sellers, posts: 30, events: 8 });
  });
});
