import { NOTIFICATION_MSG } from '@panel/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationTypes } from '../../../src/db/schema/notifications.ts';
import { users } from '../../../src/db/schema/users.ts';
import {
  bearer,
  countActiveSellers,
  createBranch,
  createSellerWithToken,
} from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// Read receipts in the panel (issue 21, item 11): "Leída por X de Y" computed by the server for the
// page's rows, and the paged list of who read it.

let clock = new Date('2026-11-27T12:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock });
});
afterAll(() => ctx?.close());

interface Seller {
  id: number;
  token: string;
  name: string;
}
let branchA: number;
let branchB: number;
let a: Seller[];
let b: Seller[];
let others: number;

const seller = (branchId: number): Promise<Seller> => createSellerWithToken(ctx.db, branchId, clock);

beforeEach(async () => {
  clock = new Date('2026-11-27T12:00:00Z');
  await ctx.reset();
  // Sellers the context made itself: they see the all-branch notifications too.
  others = await countActiveSellers(ctx.db);
  branchA = (await createBranch(ctx.db)).id;
  branchB = (await createBranch(ctx.db)).id;
  a = [await seller(branchA), await seller(branchA), await seller(branchA), await seller(branchA)];
  b = [await seller(branchB), await seller(branchB)];
  await ctx.db.insert(notificationTypes).values({ name: 'Aviso' });
});

const notify = async (branch_id: number) => {
  const res = await ctx.asAdmin('POST', '/api/notifications', {
    title: 'Aviso',
    message: 'Texto',
    branch_id,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
};
const read = async (who: { token: string }, id: number, at: string) => {
  clock = new Date(at);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/app/notifications/${id}/read`,
    headers: bearer(who.token),
  });
  expect(res.statusCode).toBe(200);
};
const receipt = (row: { read_count: number; recipient_count: number }) => [
  row.read_count,
  row.recipient_count,
];

describe('read_count and recipient_count', () => {
  it('count the active sellers who see it and those of them who opened it, in the list and one record', async () => {
    const forA = await notify(branchA);
    const forAll = await notify(0);
    expect(receipt((await ctx.asAdmin('GET', `/api/notifications/${forA}`)).json().data)).toEqual([0, 4]);

    await read(a[0]!, forA, '2026-11-27T12:01:00Z');
    await read(a[1]!, forA, '2026-11-27T12:05:00Z');
    await read(a[3]!, forA, '2026-11-27T12:06:00Z');
    await read(a[0]!, forA, '2026-11-27T12:09:00Z'); // again: once
    await read(a[0]!, forAll, '2026-11-27T12:02:00Z');
    await read(b[1]!, forAll, '2026-11-27T12:03:00Z');
    // An administrator reading through the app is not one of its sellers.
    const adminRead = await ctx.app.inject({
      method: 'POST',
      url: `/api/app/notifications/${forAll}/read`,
      headers: bearer(ctx.admin.token),
    });
    expect(adminRead.statusCode).toBe(200);
    // A seller deactivated after reading no longer counts, on either side.
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, a[3]!.id));

    const list = (await ctx.asAdmin('GET', '/api/notifications')).json().data as {
      id: number;
      read_count: number;
      recipient_count: number;
    }[];
    expect(receipt(list.find((n) => n.id === forA)!)).toEqual([2, 3]);
    expect(receipt(list.find((n) => n.id === forAll)!)).toEqual([2, 5 + others]);
    expect(receipt((await ctx.asAdmin('GET', `/api/notifications/${forA}`)).json().data)).toEqual([2, 3]);
  });
});

describe('GET /api/notifications/{id}/reads', () => {
  it('lists who read it, newest first, a page at a time, with meta.total = read_count', async () => {
    const id = await notify(branchA);
    await read(a[2]!, id, '2026-11-27T12:01:00Z');
    await read(a[0]!, id, '2026-11-27T12:07:00Z');
    await read(a[1]!, id, '2026-11-27T12:04:00Z');
    await read(b[0]!, await notify(branchB), '2026-11-27T12:08:00Z');

    const first = await ctx.asAdmin('GET', `/api/notifications/${id}/reads?per_page=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toMatchObject({ page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(first.json().data.map((r: { user_id: number }) => r.user_id)).toEqual([a[0]!.id, a[1]!.id]);
    expect(first.json().data[0]).toMatchObject({
      name: a[0]!.name,
      read_at: '2026-11-27T12:07:00.000Z',
    });
    expect(typeof first.json().data[0].branch_name).toBe('string');
    const second = await ctx.asAdmin('GET', `/api/notifications/${id}/reads?per_page=2&page=2`);
    expect(second.json().data.map((r: { user_id: number }) => r.user_id)).toEqual([a[2]!.id]);
  });

  it('answers 404 for a missing notification, 400 for a bad page, 401 signed out and 403 for a seller', async () => {
    const missing = await ctx.asAdmin('GET', '/api/notifications/999999/reads');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(NOTIFICATION_MSG.notificationNotFound);
    const id = await notify(branchA);
    const bad = await ctx.asAdmin('GET', `/api/notifications/${id}/reads?page=0`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('page');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/notifications/${id}/reads` })).statusCode).toBe(
      401,
    );
    const asSeller = await ctx.app.inject({
      method: 'GET',
      url: `/api/notifications/${id}/reads`,
      headers: bearer(a[0]!.token),
    });
    expect(asSeller.statusCode).toBe(403);
  });
});
