import { MSG, ZEngagement, ZInactiveSellerList } from '@panel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordVisit } from '../../../src/services/engagement/visits.ts';
import { bearer, createBranch, createManager, createUser, tokenFor } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * Participación for branch managers (docs/product.md#branch-managers): their branch's row alone, which is
 * also their "company" line; their branch's inactive sellers (another branch is 403); and the CSV of
 * their branch. An administrator's answers are the company's, as before.
 */

// Wednesday 11 March 2026, 12:00 in Buenos Aires: with weeks=4 the period is 9 February – 8 March.
const NOW = new Date('2026-03-11T15:00:00Z');

let ctx: TestContext;
const ids = { norte: 0, sur: 0 };
let manager: string;
let otherManager: string;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  const db = ctx.db;
  ids.norte = (await createBranch(db, { name: 'Norte' })).id;
  ids.sur = (await createBranch(db, { name: 'Sur' })).id;
  const ana = (await createUser(db, { name: 'Ana', branchId: ids.norte })).id;
  await createUser(db, { name: 'Fede', branchId: ids.norte }); // never opened the app
  const carla = (await createUser(db, { name: 'Carla', branchId: ids.sur })).id;
  const dani = (await createUser(db, { name: 'Dani', branchId: ids.sur })).id;
  await createUser(db, { name: 'Hugo', branchId: ids.sur }); // never opened the app
  for (const [user, day] of [
    [ana, '2026-03-02'],
    [carla, '2026-03-03'],
    [dani, '2026-02-10'],
  ] as const) {
    await recordVisit(db, user, day);
  }
  manager = await tokenFor(db, (await createManager(db, ids.norte)).id, NOW);
  otherManager = await tokenFor(db, (await createManager(db, ids.sur)).id, NOW);
});
afterAll(() => ctx?.close());

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const report = async (token: string) => {
  const res = await get('/api/engagement?weeks=4', token);
  expect(res.statusCode, res.body).toBe(200);
  return ZEngagement.parse(res.json().data);
};
const inactive = async (query: string, token: string) => {
  const res = await get(`/api/engagement/inactive${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return ZInactiveSellerList.parse(res.json()).data.map((s) => s.name);
};

describe('Participación for a branch manager', () => {
  it('is their branch alone, which is also their company line', async () => {
    const company = await report(ctx.admin.token);
    const mine = await report(manager);
    expect(mine.branches.map((b) => b.branch_name)).toEqual(['Norte']);
    const { branch_id, branch_name, ...norte } = mine.branches[0]!;
    expect(branch_id).toBe(ids.norte);
    expect(mine.company).toEqual(norte);
    expect(mine.company.period).toMatchObject({ sellers: 2, active_sellers: 1 });
    // The same row as the administrator's, and the same period.
    expect(company.branches.find((b) => b.branch_id === ids.norte)).toEqual(mine.branches[0]);
    expect(mine.week_starts).toEqual(company.week_starts);

    const theirs = await report(otherManager);
    expect(theirs.branches.map((b) => b.branch_name)).toEqual(['Sur']);
    expect(theirs.company.period).toMatchObject({ sellers: 3, active_sellers: 2 });
    // The administrator's company line sums every branch (and the sellers without one).
    expect(company.branches.map((b) => b.branch_name)).toEqual(expect.arrayContaining(['Norte', 'Sur']));
    expect(company.company.period.active_sellers).toBeGreaterThanOrEqual(3);
  });

  it("lists their branch's inactive sellers, whether they name it or not; another branch is 403", async () => {
    expect(await inactive('', manager)).toEqual(['Fede']);
    expect(await inactive(`?branch_id=${ids.norte}`, manager)).toEqual(['Fede']);
    expect(await inactive('', otherManager)).toEqual(['Dani', 'Hugo']);
    const elsewhere = await get(`/api/engagement/inactive?branch_id=${ids.sur}`, manager);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(MSG.otherBranch);
    expect(await inactive(`?branch_id=${ids.sur}`, ctx.admin.token)).toEqual(['Dani', 'Hugo']);
    expect(await inactive('', ctx.admin.token)).toEqual(expect.arrayContaining(['Fede', 'Dani', 'Hugo']));
  });

  it("exports their branch's row alone", async () => {
    const res = await get('/api/engagement/export?weeks=4', manager);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows.slice(1).map((r) => r.split(';')[0])).toEqual(['Norte']);
    expect(rows[1]!.split(';').slice(1, 3)).toEqual(['2', '1']);
    const all = await get('/api/engagement/export?weeks=4', ctx.admin.token);
    expect(all.body.trim().split('\r\n').at(-1)).toMatch(/^Total de la empresa;/);
  });

  it('is still refused to sellers', async () => {
    for (const url of ['/api/engagement', '/api/engagement/inactive', '/api/engagement/export']) {
      expect((await get(url, ctx.seller.token)).statusCode).toBe(403);
    }
  });
});
