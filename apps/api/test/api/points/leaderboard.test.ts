import { POINTS_REPORTS_MSG, ZLeaderboard, ZPointsSummary } from '@panel/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointActions } from '../../../src/db/schema/points.ts';
import { bearer, createBranch, createTransaction, createUser } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// Wednesday 11 March 2026, 12:00 in Buenos Aires (UTC-3). The week began Monday 9 March,
// 00:00 local (03:00 UTC); the month on 1 March, 00:00 local.
const NOW = new Date('2026-03-11T15:00:00Z');

let ctx: TestContext;
let branchA: number;
let branchB: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  branchA = (await createBranch(ctx.db, { name: 'Córdoba Centro' })).id;
  branchB = (await createBranch(ctx.db, { name: 'Rosario' })).id;
  const seller = async (
    name: string,
    branchId: number | null,
    extra: { active?: boolean; role?: 'admin' } = {},
  ) => {
    ids[name] = (await createUser(ctx.db, { name, branchId, ...extra })).id;
    return ids[name]!;
  };
  const give = (userId: number, points: number, at: string, actionKey: string | null = 'like_post') =>
    createTransaction(ctx.db, userId, { points, createdAt: new Date(at), actionKey });

  const ana = await seller('Ana Álvarez', branchA);
  await give(ana, 30, '2026-03-10T12:00:00Z');
  await give(ana, 20, '2026-03-02T12:00:00Z');
  await give(ana, 100, '2026-02-10T12:00:00Z', null);
  const bruno = await seller('Bruno Benítez', branchB);
  await give(bruno, 30, '2026-03-11T14:00:00Z');
  const carla = await seller('Carla Castro', branchA);
  await give(carla, 10, '2026-03-09T03:00:00Z'); // Monday 00:00 local: this week
  const dario = await seller('Darío Díaz', branchA);
  await give(dario, 5, '2026-03-10T12:00:00Z');
  await give(dario, -5, '2026-03-10T13:00:00Z', null); // nets to 0: no points in the period
  const admin = await seller('Elena Admin', branchA, { role: 'admin' });
  await give(admin, 500, '2026-03-10T12:00:00Z');
  const former = await seller('Fabián Inactivo', branchA, { active: false });
  await give(former, 500, '2026-03-10T12:00:00Z');
  const gaby = await seller('Gabriela Gómez', null);
  await give(gaby, 40, '2026-03-01T02:30:00Z'); // 28 February, 23:30 local: last month
  const hugo = await seller('Hugo Herrera', branchB);
  await give(hugo, 25, '2026-03-09T02:59:00Z'); // Sunday 8 March, 23:59 local: last week
});
afterAll(() => ctx?.close());

const get = async (url: string, token = ctx.admin.token) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const board = async (query: string) => {
  const res = await get(`/api/points/leaderboard?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZLeaderboard.parse(res.json()).data.map((e) => [e.rank, e.name, e.period_points]);
};

describe('GET /api/points/leaderboard', () => {
  it('weekly: Monday to Sunday in APP_TIMEZONE, ties share a rank and the next one skips', async () => {
    expect(await board('period=weekly')).toEqual([
      [1, 'Ana Álvarez', 30],
      [1, 'Bruno Benítez', 30],
      [3, 'Carla Castro', 10],
    ]);
  });

  it('monthly (the default): the calendar month in APP_TIMEZONE', async () => {
    const expected = [
      [1, 'Ana Álvarez', 50],
      [2, 'Bruno Benítez', 30],
      [3, 'Hugo Herrera', 25],
      [4, 'Carla Castro', 10],
    ];
    expect(await board('period=monthly')).toEqual(expected);
    expect(await board('')).toEqual(expected);
  });

  it('all_time counts every transaction, credits without an action included', async () => {
    expect(await board('period=all_time')).toEqual([
      [1, 'Ana Álvarez', 150],
      [2, 'Gabriela Gómez', 40],
      [3, 'Bruno Benítez', 30],
      [4, 'Hugo Herrera', 25],
      [5, 'Carla Castro', 10],
    ]);
  });

  it('leaves out admins, inactive sellers and sellers whose points net to zero', async () => {
    const names = (await board('period=all_time')).map((e) => e[1]);
    expect(names).not.toContain('Elena Admin');
    expect(names).not.toContain('Fabián Inactivo');
    expect(names).not.toContain('Darío Díaz');
  });

  it('filters by branch and returns the branch of each entry', async () => {
    const res = await get(`/api/points/leaderboard?period=weekly&branch_id=${branchA}`);
    expect(res.json().data).toEqual([
      {
        id: ids['Ana Álvarez'],
        rank: 1,
        name: 'Ana Álvarez',
        branch_id: branchA,
        branch_name: 'Córdoba Centro',
        period_points: 30,
      },
      {
        id: ids['Carla Castro'],
        rank: 2,
        name: 'Carla Castro',
        branch_id: branchA,
        branch_name: 'Córdoba Centro',
        period_points: 10,
      },
    ]);
    const none = await get('/api/points/leaderboard?branch_id=999999');
    expect(none.json()).toEqual({ data: [] });
  });

  it('limits to the top N (10, 20, 50 or 100)', async () => {
    for (const n of [10, 20, 50, 100]) {
      expect((await get(`/api/points/leaderboard?period=all_time&limit=${n}`)).statusCode).toBe(200);
    }
  });

  it.each([
    ['limit=7', 'limit', POINTS_REPORTS_MSG.limitInvalid],
    ['limit=abc', 'limit', POINTS_REPORTS_MSG.limitInvalid],
    ['period=yearly', 'period', POINTS_REPORTS_MSG.periodInvalid],
    ['branch_id=-1', 'branch_id', POINTS_REPORTS_MSG.branchInvalid],
    ['branch_id=99999999999', 'branch_id', POINTS_REPORTS_MSG.branchInvalid],
  ])('rejects %s with a Spanish message naming the field', async (query, field, message) => {
    const res = await get(`/api/points/leaderboard?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: `El campo "${field}": ${message}`,
      errors: { [field]: [message] },
    });
  });

  it('is for admins only: 401 anonymous, 403 seller', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/points/leaderboard' })).statusCode).toBe(401);
    expect((await get('/api/points/leaderboard', ctx.seller.token)).statusCode).toBe(403);
  });
});

describe('GET /api/points/summary', () => {
  it('gives the cards, the top 5 of the period, the active actions by points and the 30-day charts', async () => {
    await ctx.db.update(pointActions).set({ active: false }).where(eq(pointActions.key, 'create_post'));
    const res = await get('/api/points/summary');
    expect(res.statusCode, res.body).toBe(200);
    const data = ZPointsSummary.parse(res.json().data);
    // Built-in actions minus create_post: 5 + 2 + 5 + 1 + 10 = 23 over 5.
    expect(data.period).toBe('monthly');
    expect(data.active_actions).toBe(5);
    expect(data.average_points).toBe(4.6);
    expect(data.top_users_count).toBe(4);
    expect(data.leader).toEqual({ id: ids['Ana Álvarez'], name: 'Ana Álvarez', points: 50 });
    expect(data.top.map((e) => e.name)).toEqual([
      'Ana Álvarez',
      'Bruno Benítez',
      'Hugo Herrera',
      'Carla Castro',
    ]);
    expect(data.actions.map((a) => a.key)).toEqual([
      'complete_survey',
      'comment_post',
      'daily_login',
      'like_post',
      'view_story',
    ]);
    expect(data.actions.every((a, i) => i === 0 || data.actions[i - 1]!.points >= a.points)).toBe(true);

    expect(data.points_per_day).toHaveLength(30);
    expect(data.points_per_day.at(-1)).toEqual({ date: '2026-03-11', points: 30 });
    expect(data.points_per_day[0]!.date).toBe('2026-02-10');
    const byDay = Object.fromEntries(data.points_per_day.map((d) => [d.date, d.points]));
    // 10 March: Ana 30, Darío 5 and -5, the admin 500 and the inactive seller 500: every point awarded.
    expect(byDay['2026-03-10']).toBe(1030);
    expect(byDay['2026-03-08']).toBe(25); // Hugo, Sunday 23:59 local
    expect(byDay['2026-02-28']).toBe(40); // Gabriela, 23:30 local on the 28th
    expect(byDay['2026-02-10']).toBe(100); // the first day of the window: Ana's credit without an action
    expect(byDay['2026-03-03']).toBe(0);
    // Per action over the same days; credits without an action are not an action's.
    expect(data.points_per_action).toEqual([{ key: 'like_post', name: 'Dar me gusta', points: 1160 }]);
  });

  it('takes the period of the top list; rejects an unknown one', async () => {
    const weekly = ZPointsSummary.parse((await get('/api/points/summary?period=weekly')).json().data);
    expect(weekly.top.map((e) => [e.rank, e.name])).toEqual([
      [1, 'Ana Álvarez'],
      [1, 'Bruno Benítez'],
      [3, 'Carla Castro'],
    ]);
    expect(weekly.top_users_count).toBe(3);
    const bad = await get('/api/points/summary?period=daily');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ period: [POINTS_REPORTS_MSG.periodInvalid] });
  });

  it('is for admins only', async () => {
    expect((await get('/api/points/summary', ctx.seller.token)).statusCode).toBe(403);
  });
});
