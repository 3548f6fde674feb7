import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createBranch, createPost, createUser, tokenFor } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// Issue 23.3: Inicio's search, GET /api/app/feed?q=: the posts the seller can see (the feed's own
// rule), by text or author, accent- and case-insensitive, newest first and keyset-paged.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

let branchA: number;
let branchB: number;
let token: string;
let author: number;
let other: number;

const T0 = Date.parse('2026-11-20T12:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

beforeEach(async () => {
  await ctx.reset();
  branchA = (await createBranch(ctx.db)).id;
  branchB = (await createBranch(ctx.db)).id;
  const seller = await createUser(ctx.db, { branchId: branchA });
  token = await tokenFor(ctx.db, seller.id);
  author = (await createUser(ctx.db, { branchId: branchA, name: 'Begoña Núñez' })).id;
  other = (await createUser(ctx.db, { branchId: branchB, name: 'Otro Vendedor' })).id;
});

/** A post by `userId` for `branchId` (null: all branches), `minute` minutes after T0. */
const post = (userId: number, branchId: number | null, content: string, minute: number) =>
  createPost(ctx.db, userId, { branchId, content, createdAt: at(minute) });

const search = async (q: string, extra = '') => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/app/feed?q=${encodeURIComponent(q)}${extra}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { id: number; content: string }[]; meta: { next_cursor: string | null } };
};

describe('GET /api/app/feed?q=', () => {
  it('finds by text without caring for accents or case, in posts of the seller’s branch and of all branches only', async () => {
    const mine = await post(other, branchA, 'Promoción de LAVANDINA', 1);
    const all = await post(other, null, 'La lavandína en oferta', 2);
    await post(other, branchB, 'Lavandina en la otra sucursal', 3);
    await post(other, branchA, 'Detergente', 4);

    const found = await search('lavandina');
    expect(found.data.map((p) => p.id)).toEqual([all.id, mine.id]);
    expect((await search('LAVANDÍNA')).data.map((p) => p.id)).toEqual([all.id, mine.id]);
  });

  it('finds by author name, accent-insensitive, together with text matches', async () => {
    const byName = await post(author, branchA, 'Exhibición nueva', 1);
    const byText = await post(other, null, 'Gracias nunez por la ayuda', 2);
    await post(other, branchA, 'Nada que ver', 3);
    expect((await search('NUNEZ')).data.map((p) => p.id)).toEqual([byText.id, byName.id]);
    expect((await search('begona')).data.map((p) => p.id)).toEqual([byName.id]);
  });

  it('pages with the feed’s cursor, newest first, each post once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await post(other, null, `Oferta ${i}`, i)).id);
    }
    await post(other, null, 'Otra cosa', 10);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await search('oferta', `&per_page=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((p) => p.id));
      cursor = page.meta.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });

  it('treats % and _ as plain characters, answers an empty list when nothing matches, and refuses a q over 200 characters', async () => {
    await post(other, null, 'Descuento del 20% hoy', 1);
    await post(other, null, 'Descuento del 200 hoy', 2);
    expect((await search('20%')).data.map((p) => p.content)).toEqual(['Descuento del 20% hoy']);
    expect((await search('a_b')).data).toEqual([]);
    const empty = await search('inexistente');
    expect(empty).toEqual({ data: [], meta: { per_page: 20, next_cursor: null } });
    const long = await ctx.app.inject({
      method: 'GET',
      url: `/api/app/feed?q=${'x'.repeat(201)}`,
      headers: bearer(token),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.q).toBeDefined();
  });
});
