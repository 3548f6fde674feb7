import { makeListResponse, ZPointTransaction, ZPost } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, createTransaction } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// Posts and point transactions page by keyset (`cursor` = meta.next_cursor) as well as by page/per_page:
// walking either way gives the same rows, and the cursor keeps working at microsecond timestamps.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const base = Date.parse('2026-05-01T12:00:00Z');
  for (let i = 0; i < 23; i++) {
    // Pairs share a timestamp, so the id breaks ties.
    const at = new Date(base - Math.floor(i / 2) * 60_000);
    await createPost(ctx.db, ctx.seller.id, { createdAt: at, content: `Publicación ${i}` });
    await createTransaction(ctx.db, ctx.seller.id, { points: i + 1, createdAt: at, referenceId: String(i) });
  }
  // Timestamps with microseconds, as PostgreSQL's now() writes them.
  await ctx.db.execute(
    sql`UPDATE posts SET created_at = created_at + interval '123 microseconds' WHERE id % 3 = 0`,
  );
});
afterAll(() => ctx?.close());

const ZPosts = makeListResponse(ZPost);
const ZTransactions = makeListResponse(ZPointTransaction);

async function walk(
  path: string,
  perPage: number,
  parse: (body: unknown) => { data: { id: number }[]; meta: { next_cursor?: string | null } },
) {
  const byPage: number[] = [];
  for (let page = 1; ; page++) {
    const res = await ctx.asAdmin('GET', `${path}?per_page=${perPage}&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = parse(res.json());
    if (data.length === 0) break;
    byPage.push(...data.map((r) => r.id));
  }
  const byCursor: number[] = [];
  let cursor: string | null | undefined;
  for (let guard = 0; guard < 20; guard++) {
    const res = await ctx.asAdmin('GET', `${path}?per_page=${perPage}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = parse(res.json());
    byCursor.push(...body.data.map((r) => r.id));
    cursor = body.meta.next_cursor;
    if (!cursor) break;
  }
  return { byPage, byCursor };
}

describe('keyset pages', () => {
  it('GET /api/posts: the cursor walk equals the page walk, newest first', async () => {
    const { byPage, byCursor } = await walk('/api/posts', 5, (b) => ZPosts.parse(b));
    expect(byPage).toHaveLength(23);
    expect(byCursor).toEqual(byPage);
    const last = ZPosts.parse((await ctx.asAdmin('GET', '/api/posts?per_page=5&page=5')).json());
    expect(last.meta).toMatchObject({ page: 5, total: 23, last_page: 5, next_cursor: null });
  });

  it('GET /api/points/transactions: the cursor walk equals the page walk, with the total kept', async () => {
    const { byPage, byCursor } = await walk('/api/points/transactions', 10, (b) => ZTransactions.parse(b));
    expect(byPage).toHaveLength(23);
    expect(byCursor).toEqual(byPage);
    const first = ZTransactions.parse(
      (await ctx.asAdmin('GET', '/api/points/transactions?per_page=10')).json(),
    );
    expect(first.meta).toMatchObject({ page: 1, per_page: 10, total: 23, last_page: 3 });
    expect(first.meta.next_cursor).toEqual(expect.any(String));
  });

  it('refuses a malformed cursor, and a cursor with another sort than newest first, with 400 on the field', async () => {
    for (const url of [
      '/api/posts?cursor=no-es-un-cursor',
      '/api/points/transactions?cursor=bm8',
      `/api/posts?sort=likes_count&cursor=${Buffer.from('["2026-05-01T12:00:00Z",3]').toString('base64url')}`,
    ]) {
      const res = await ctx.asAdmin('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors, url).toHaveProperty('cursor');
    }
  });
});
