import { MSG, ZLeaderboard, ZPointsSummary, ZPointTransaction } from '@panel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createBranch,
  createManager,
  createTransaction,
  createUser,
  tokenFor,
} from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * The points reports for branch managers (docs/product.md#branch-managers): a manager's leaderboard,
 * Historial, its CSV and the gamification dashboard hold their branch's sellers only; naming another
 * branch is 403. Administrators' answers are the whole company's, as before.
 */

// Wednesday 11 March 2026, 12:00 in Buenos Aires: this month and this week hold every row below.
const NOW = new Date('2026-03-11T15:00:00Z');

let ctx: TestContext;
let own: number;
let other: number;
let manager: string;
let otherManager: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  own = (await createBranch(ctx.db, { name: 'Córdoba Centro' })).id;
  other = (await createBranch(ctx.db, { name: 'Rosario' })).id;
  const give = async (name: string, branchId: number | null, points: number, at: string) => {
    ids[name] = (await createUser(ctx.db, { name, branchId })).id;
    await createTransaction(ctx.db, ids[name]!, {
      points,
      createdAt: new Date(at),
      description: `Puntos de ${name}`,
    });
  };
  await give('Ana Álvarez', own, 30, '2026-03-10T12:00:00Z');
  await give('Carla Castro', own, 10, '2026-03-10T13:00:00Z');
  await give('Bruno Benítez', other, 50, '2026-03-10T14:00:00Z');
  await give('Gabriela Gómez', null, 40, '2026-03-10T15:00:00Z');
  const mine = await createManager(ctx.db, own);
  // A manager's own points (if any were given) are not a seller's: never in their reports.
  await createTransaction(ctx.db, mine.id, { points: 70, createdAt: new Date('2026-03-10T16:00:00Z') });
  manager = await tokenFor(ctx.db, mine.id, NOW);
  otherManager = await tokenFor(ctx.db, (await createManager(ctx.db, other)).id, NOW);
});
afterAll(() => ctx?.close());

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const names = async (url: string, token: string) => {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return ZLeaderboard.parse(res.json()).data.map((e) => [e.rank, e.name, e.period_points]);
};
const ledger = async (url: string, token: string) => {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: unknown[]; meta: { total: number } };
  return { names: body.data.map((t) => ZPointTransaction.parse(t).user_name), total: body.meta.total };
};

describe('the points reports for a branch manager', () => {
  it("leaderboard: their branch's sellers, whether they name it or not; another branch is 403", async () => {
    const mine = [
      [1, 'Ana Álvarez', 30],
      [2, 'Carla Castro', 10],
    ];
    expect(await names('/api/points/leaderboard', manager)).toEqual(mine);
    expect(await names(`/api/points/leaderboard?branch_id=${own}&period=weekly`, manager)).toEqual(mine);
    expect(await names('/api/points/leaderboard', otherManager)).toEqual([[1, 'Bruno Benítez', 50]]);
    const elsewhere = await get(`/api/points/leaderboard?branch_id=${other}`, manager);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(MSG.otherBranch);
    // The administrator's, unchanged: the whole company, or any branch asked for.
    expect((await names('/api/points/leaderboard', ctx.admin.token)).map((e) => e[1])).toEqual([
      'Bruno Benítez',
      'Gabriela Gómez',
      'Ana Álvarez',
      'Carla Castro',
    ]);
    expect(await names(`/api/points/leaderboard?branch_id=${other}`, ctx.admin.token)).toEqual([
      [1, 'Bruno Benítez', 50],
    ]);
  });

  it("Historial: their branch's sellers' rows, with any filter; another branch's seller finds nothing", async () => {
    expect(await ledger('/api/points/transactions', manager)).toEqual({
      names: ['Carla Castro', 'Ana Álvarez'],
      total: 2,
    });
    // The count of a user filter alone comes from the running totals: scoped too.
    expect(await ledger(`/api/points/transactions?user_id=${ids['Bruno Benítez']}`, manager)).toEqual({
      names: [],
      total: 0,
    });
    expect(await ledger(`/api/points/transactions?user_id=${ids['Ana Álvarez']}`, manager)).toEqual({
      names: ['Ana Álvarez'],
      total: 1,
    });
    // `q` by a seller's name and by the description: the branches of the search keep the scope.
    expect((await ledger('/api/points/transactions?q=bruno', manager)).total).toBe(0);
    expect((await ledger('/api/points/transactions?q=puntos', manager)).total).toBe(2);
    expect((await ledger('/api/points/transactions?from=2026-03-10&to=2026-03-10', manager)).total).toBe(2);
    expect((await ledger('/api/points/transactions', otherManager)).names).toEqual(['Bruno Benítez']);
    expect((await ledger('/api/points/transactions', ctx.admin.token)).total).toBe(5);
  });

  it("the Historial CSV: their branch's sellers' rows only", async () => {
    const res = await get('/api/points/transactions/export', manager);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split('\r\n').slice(1);
    expect(lines.map((l) => l.split(';')[2])).toEqual(['Carla Castro', 'Ana Álvarez']);
    const all = await get('/api/points/transactions/export', ctx.admin.token);
    expect(all.body.trim().split('\r\n')).toHaveLength(6);
  });

  it("the gamification dashboard: their branch's sellers; the actions are the company's", async () => {
    const read = async (token: string) => {
      const res = await get('/api/points/summary', token);
      expect(res.statusCode, res.body).toBe(200);
      return ZPointsSummary.parse(res.json().data);
    };
    const mine = await read(manager);
    const company = await read(ctx.admin.token);
    expect(mine).toMatchObject({
      top_users_count: 2,
      leader: { id: ids['Ana Álvarez'], name: 'Ana Álvarez', points: 30 },
    });
    expect(mine.top.map((e) => e.name)).toEqual(['Ana Álvarez', 'Carla Castro']);
    const sum = (days: { points: number }[]) => days.reduce((n, d) => n + d.points, 0);
    expect(sum(mine.points_per_day)).toBe(40);
    expect(sum(mine.points_per_action)).toBe(40);
    expect(mine.actions).toEqual(company.actions);
    expect(mine.active_actions).toBe(company.active_actions);
    expect(company).toMatchObject({ top_users_count: 4, leader: { name: 'Bruno Benítez' } });
    expect(sum(company.points_per_day)).toBe(200);
    expect((await read(otherManager)).top.map((e) => e.name)).toEqual(['Bruno Benítez']);
  });

  it('sellers are still refused every report', async () => {
    for (const url of ['/api/points/leaderboard', '/api/points/transactions', '/api/points/summary']) {
      expect((await get(url, ctx.seller.token)).statusCode).toBe(403);
    }
  });
});
