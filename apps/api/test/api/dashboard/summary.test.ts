import { ZDashboardSummary } from '@panel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createEvent, createPost, createUser } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// 02:30 UTC on 10 March is still 9 March, 23:30, in Buenos Aires (UTC-3).
const NOW = new Date('2026-03-10T02:30:00Z');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
});
afterAll(() => ctx?.close());

describe('GET /api/dashboard/summary', () => {
  it('counts active sellers, everyone, posts, events, and events from today through the 7th day after in APP_TIMEZONE', async () => {
    await createUser(ctx.db);
    await createUser(ctx.db, { active: false });
    await createUser(ctx.db, { role: 'admin' });
    await createPost(ctx.db, ctx.seller.id);
    await createPost(ctx.db, ctx.seller.id);

    const inside = [
      '2026-03-09T03:00:00Z', // 9 March, 00:00 local: the start of today
      '2026-03-10T12:00:00Z',
      '2026-03-17T02:59:00Z', // 16 March, 23:59 local: the end of the 7th day after
    ];
    const outside = [
      '2026-03-09T02:59:00Z', // 8 March, 23:59 local: yesterday
      '2026-03-17T03:00:00Z', // 17 March, 00:00 local: the 8th day
      '2026-02-01T12:00:00Z',
    ];
    for (const at of [...inside, ...outside]) await createEvent(ctx.db, new Date(at));

    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/dashboard/summary',
      headers: bearer(ctx.admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(ZDashboardSummary.parse(res.json().data)).toEqual({
      sellers: 2,
      users: 5, // the context's admin and seller, and the three above: the people Vendedores lists
      posts: 2,
      events: 6,
      upcoming_events: 3,
    });
  });

  it('is for admins only', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/dashboard/summary',
      headers: bearer(ctx.seller.token),
    });
    expect(res.statusCode).toBe(403);
  });
});
