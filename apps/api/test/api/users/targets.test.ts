import { CATALOG_MSG, MSG, TARGETS_MSG, ZTargetUnits, ZVolume } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { monthlyTargetUnits, monthlyVolumes } from '../../../src/db/schema/targets.ts';
import { bearer, createBrand, createSupplier, createUser } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('POST /api/user/volume/upsert', () => {
  const volume = () => ({ user_id: ctx.seller.id, year: 2026, month: 3, target_amount: 1234.5 });

  it('creates one row per user, year and month, and replaces its amount on the next call', async () => {
    const first = await ctx.asAdmin('POST', '/api/user/volume/upsert', volume());
    expect(first.statusCode).toBe(200);
    expect(ZVolume.parse(first.json().data)).toMatchObject({
      user_id: ctx.seller.id,
      year: 2026,
      month: 3,
      target_amount: 1234.5,
    });
    const second = await ctx.asAdmin('POST', '/api/user/volume/upsert', { ...volume(), target_amount: 0 });
    expect(second.json().data).toMatchObject({ id: first.json().data.id, target_amount: 0 });
    expect(await ctx.db.select().from(monthlyVolumes)).toHaveLength(1);
  });

  it.each([
    [{ month: 0 }, 'month', TARGETS_MSG.monthInvalid],
    [{ month: 13 }, 'month', TARGETS_MSG.monthInvalid],
    [{ month: '3' }, 'month', TARGETS_MSG.monthInvalid],
    [{ year: 1999 }, 'year', TARGETS_MSG.yearInvalid],
    [{ year: 2026.5 }, 'year', TARGETS_MSG.yearInvalid],
    [{ target_amount: -0.01 }, 'target_amount', TARGETS_MSG.amountInvalid],
    [{ target_amount: undefined }, 'target_amount', TARGETS_MSG.amountRequired],
    [{ target_amount: '1234,5' }, 'target_amount', TARGETS_MSG.amountRequired],
    [{ target_amount: 1e13 }, 'target_amount', TARGETS_MSG.amountTooLarge],
    [{ user_id: undefined }, 'user_id', TARGETS_MSG.userRequired],
  ])('rejects %o with 400 naming the field', async (patch, field, message) => {
    const res = await ctx.asAdmin('POST', '/api/user/volume/upsert', { ...volume(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: { [field]: [message] } });
    expect(await ctx.db.select().from(monthlyVolumes)).toHaveLength(0);
  });

  it('refuses a missing user and an admin (volumes belong to sellers)', async () => {
    const missing = await ctx.asAdmin('POST', '/api/user/volume/upsert', { ...volume(), user_id: 999999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: MSG.userNotFound, errors: { user_id: [MSG.userNotFound] } });
    const admin = await ctx.asAdmin('POST', '/api/user/volume/upsert', {
      ...volume(),
      user_id: ctx.admin.id,
    });
    expect(admin.json()).toEqual({
      message: TARGETS_MSG.userNotSeller,
      errors: { user_id: [TARGETS_MSG.userNotSeller] },
    });
  });
});

describe('GET /api/user/volume and DELETE /api/user/volume/{id}', () => {
  it("lists a seller's year in month order, filters by year and month, and deletes one month", async () => {
    const other = await createUser(ctx.db);
    for (const [userId, year, month, amount] of [
      [ctx.seller.id, 2026, 5, 500],
      [ctx.seller.id, 2026, 1, 100],
      [ctx.seller.id, 2025, 1, 1],
      [other.id, 2026, 1, 9],
    ] as const) {
      await ctx.asAdmin('POST', '/api/user/volume/upsert', {
        user_id: userId,
        year,
        month,
        target_amount: amount,
      });
    }
    const list = await ctx.asAdmin('GET', `/api/user/volume?user_id=${ctx.seller.id}&year=2026&per_page=100`);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.meta).toEqual({ page: 1, per_page: 100, total: 2, last_page: 1 });
    expect(
      body.data.map((v: { month: number; target_amount: number }) => [v.month, v.target_amount]),
    ).toEqual([
      [1, 100],
      [5, 500],
    ]);
    const may = (
      await ctx.asAdmin('GET', `/api/user/volume?user_id=${ctx.seller.id}&year=2026&month=5`)
    ).json();
    expect(may.data).toHaveLength(1);

    expect((await ctx.asAdmin('DELETE', `/api/user/volume/${may.data[0].id}`)).statusCode).toBe(204);
    const again = await ctx.asAdmin('DELETE', `/api/user/volume/${may.data[0].id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: TARGETS_MSG.volumeNotFound });
    const after = (
      await ctx.asAdmin('GET', `/api/user/volume?user_id=${ctx.seller.id}&year=2026&per_page=100`)
    ).json();
    expect(after.data.map((v: { month: number }) => v.month)).toEqual([1]);
  });

  it('caps per_page at 100 and validates the filters', async () => {
    expect((await ctx.asAdmin('GET', '/api/user/volume?per_page=101')).statusCode).toBe(400);
    const month = await ctx.asAdmin('GET', '/api/user/volume?month=13');
    expect(month.statusCode).toBe(400);
    expect(month.json().errors).toEqual({ month: [TARGETS_MSG.monthInvalid] });
  });
});

describe('POST /api/user/volume/bulk-upsert', () => {
  const year = (amount: (month: number) => number | null) => ({
    user_id: ctx.seller.id,
    year: 2026,
    items: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, target_amount: amount(i + 1) })),
  });

  it('saves a whole year in one call, null deleting a month, and returns the year', async () => {
    const res = await ctx.asAdmin(
      'POST',
      '/api/user/volume/bulk-upsert',
      year((m) => m * 100.5),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.saved).toBe(12);
    expect(res.json().data.items.map((i: { target_amount: number }) => i.target_amount)).toEqual(
      Array.from({ length: 12 }, (_, i) => (i + 1) * 100.5),
    );
    const again = await ctx.asAdmin(
      'POST',
      '/api/user/volume/bulk-upsert',
      year((m) => (m === 2 ? null : 7)),
    );
    expect(again.json().data).toMatchObject({ saved: 11, cleared: 1 });
    const rows = await ctx.db.select().from(monthlyVolumes);
    expect(rows.map((r) => r.month).sort((a, b) => a - b)).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(new Set(rows.map((r) => r.targetAmount))).toEqual(new Set(['7.00']));
  });

  it('writes nothing when one month is invalid (one transaction)', async () => {
    await ctx.asAdmin(
      'POST',
      '/api/user/volume/bulk-upsert',
      year(() => 5),
    );
    const bad = await ctx.asAdmin(
      'POST',
      '/api/user/volume/bulk-upsert',
      year((m) => (m === 12 ? -1 : 9)),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(TARGETS_MSG.amountInvalid);
    const rows = await ctx.db.select().from(monthlyVolumes);
    expect(new Set(rows.map((r) => r.targetAmount))).toEqual(new Set(['5.00']));
    const admin = await ctx.asAdmin('POST', '/api/user/volume/bulk-upsert', {
      ...year(() => 9),
      user_id: ctx.admin.id,
    });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().message).toBe(TARGETS_MSG.userNotSeller);
    const repeated = await ctx.asAdmin('POST', '/api/user/volume/bulk-upsert', {
      ...year(() => 9),
      items: [
        { month: 1, target_amount: 1 },
        { month: 1, target_amount: 2 },
      ],
    });
    expect(repeated.json().message).toBe(TARGETS_MSG.monthRepeated);
    expect(new Set((await ctx.db.select().from(monthlyVolumes)).map((r) => r.targetAmount))).toEqual(
      new Set(['5.00']),
    );
  });
});

describe('POST /api/user/units/bulk-upsert', () => {
  const twelve = (f: (month: number) => number | null) =>
    Array.from({ length: 12 }, (_, i) => ({ month: i + 1, units: f(i + 1) }));
  async function pair() {
    const supplier = await createSupplier(ctx.db);
    const brand = await createBrand(ctx.db);
    return { user_id: ctx.seller.id, supplier_id: supplier.id, brand_id: brand.id, year: 2026 };
  }
  const stored = () => ctx.db.select().from(monthlyTargetUnits);

  it('writes all 12 months, and null clears a month', async () => {
    const base = await pair();
    const res = await ctx.asAdmin('POST', '/api/user/units/bulk-upsert', {
      ...base,
      items: twelve((m) => m * 10),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ saved: 12, cleared: 0 });
    expect(await stored()).toHaveLength(12);

    const second = await ctx.asAdmin('POST', '/api/user/units/bulk-upsert', {
      ...base,
      items: twelve((m) => (m === 2 || m === 7 ? null : m * 100)),
    });
    expect(second.json().data).toMatchObject({ saved: 10, cleared: 2 });
    const list = await ctx.asAdmin(
      'GET',
      `/api/user/units?user_id=${base.user_id}&supplier_id=${base.supplier_id}&brand_id=${base.brand_id}&year=2026&per_page=200`,
    );
    expect(list.statusCode).toBe(200);
    const items = list.json().data.map((u: unknown) => ZTargetUnits.parse(u));
    expect(items.map((u: { month: number; units: number | null }) => [u.month, u.units])).toEqual(
      [1, 3, 4, 5, 6, 8, 9, 10, 11, 12].map((m) => [m, m * 100]),
    );
  });

  it('is all or nothing: one invalid item rejects the request and writes nothing', async () => {
    const base = await pair();
    await ctx.asAdmin('POST', '/api/user/units/bulk-upsert', { ...base, items: twelve(() => 5) });
    const bad = await ctx.asAdmin('POST', '/api/user/units/bulk-upsert', {
      ...base,
      items: twelve((m) => (m === 9 ? -1 : 50)),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: TARGETS_MSG.unitsInvalid,
      errors: { 'items.8.units': [TARGETS_MSG.unitsInvalid] },
    });
    expect((await stored()).map((r) => r.units)).toEqual(Array(12).fill(5));

    for (const [items, message] of [
      [twelve(() => 1.5), TARGETS_MSG.unitsInvalid],
      [[{ month: 13, units: 1 }], TARGETS_MSG.monthInvalid],
      [
        [
          { month: 1, units: 1 },
          { month: 1, units: 2 },
        ],
        TARGETS_MSG.monthRepeated,
      ],
      [[], TARGETS_MSG.itemsInvalid],
      [undefined, TARGETS_MSG.itemsInvalid],
    ] as const) {
      const res = await ctx.asAdmin('POST', '/api/user/units/bulk-upsert', { ...base, items });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await stored()).map((r) => r.units)).toEqual(Array(12).fill(5));
  });

  it('a failure inside the transaction rolls back the months already cleared', async () => {
    const base = await pair();
    await ctx.asAdmin('POST', '/api/user/units/bulk-upsert', { ...base, items: twelve(() => 5) });
    // A database rule the schema does not know makes the insert fail after months 1–6 were deleted.
    await ctx.db.execute(
      sql`ALTER TABLE monthly_target_units ADD CONSTRAINT test_no_4242 CHECK (units IS DISTINCT FROM 4242)`,
    );
    try {
      const res = await ctx.asAdmin('POST', '/api/user/units/bulk-upsert', {
        ...base,
        items: twelve((m) => (m <= 6 ? null : 4242)),
      });
      expect(res.statusCode).toBe(400);
    } finally {
      await ctx.db.execute(sql`ALTER TABLE monthly_target_units DROP CONSTRAINT test_no_4242`);
    }
    expect((await stored()).map((r) => r.units)).toEqual(Array(12).fill(5));
  });

  it('a missing brand rejects the request and writes nothing', async () => {
    const base = await pair();
    await ctx.asAdmin('POST', '/api/user/units/bulk-upsert', { ...base, items: twelve(() => 5) });
    const res = await ctx.asAdmin('POST', '/api/user/units/bulk-upsert', {
      ...base,
      brand_id: 999999,
      items: twelve(() => 7),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: CATALOG_MSG.brandNotFound,
      errors: { brand_id: [CATALOG_MSG.brandNotFound] },
    });
    expect((await stored()).map((r) => r.units)).toEqual(Array(12).fill(5));
  });

  it('names a missing supplier, a missing user and a non-seller', async () => {
    const base = await pair();
    const items = twelve(() => 1);
    const supplier = await ctx.asAdmin('POST', '/api/user/units/bulk-upsert', {
      ...base,
      supplier_id: 999999,
      items,
    });
    expect(supplier.json()).toEqual({
      message: CATALOG_MSG.supplierNotFound,
      errors: { supplier_id: [CATALOG_MSG.supplierNotFound] },
    });
    const user = await ctx.asAdmin('POST', '/api/user/units/bulk-upsert', {
      ...base,
      user_id: 999999,
      items,
    });
    expect(user.json().errors).toEqual({ user_id: [MSG.userNotFound] });
    const admin = await ctx.asAdmin('POST', '/api/user/units/bulk-upsert', {
      ...base,
      user_id: ctx.admin.id,
      items,
    });
    expect(admin.json().errors).toEqual({ user_id: [TARGETS_MSG.userNotSeller] });
    const noSupplier = await ctx.asAdmin('POST', '/api/user/units/bulk-upsert', {
      ...base,
      supplier_id: undefined,
      items,
    });
    expect(noSupplier.json().errors).toEqual({ supplier_id: [TARGETS_MSG.supplierRequired] });
    expect(await stored()).toHaveLength(0);
  });

  it('GET /api/user/units accepts per_page up to 200, not more', async () => {
    expect((await ctx.asAdmin('GET', '/api/user/units?per_page=200')).statusCode).toBe(200);
    expect((await ctx.asAdmin('GET', '/api/user/units?per_page=201')).statusCode).toBe(400);
  });
});

describe('access', () => {
  it('every targets call is for admins: 401 anonymous, 403 seller', async () => {
    const calls: [Method, string][] = [
      ['GET', '/api/user/volume'],
      ['POST', '/api/user/volume/upsert'],
      ['DELETE', '/api/user/volume/1'],
      ['GET', '/api/user/units'],
      ['POST', '/api/user/units/bulk-upsert'],
    ];
    for (const [method, url] of calls) {
      expect((await ctx.app.inject({ method, url, payload: {} })).statusCode, url).toBe(401);
      const seller = await ctx.app.inject({ method, url, payload: {}, headers: bearer(ctx.seller.token) });
      expect(seller.statusCode, url).toBe(403);
    }
  });
});
