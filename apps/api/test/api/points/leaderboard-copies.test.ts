import { ZLeaderboard } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../../src/db/client.ts';
import { award } from '../../../src/services/points/award.ts';
import { createBranch, createTransaction, createUser } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';
import { withParallelDb } from '../../../src/testing/test-db.ts';

// The leaderboard orders and filters by copies of the seller's name key, branch and active-seller
// flag kept on point_totals (migration 0014). A rename, a move, a deactivation or a role change,
// by any route, must be followed at once: order, rank and branch filter as if read from users.
const NOW = new Date('2026-03-11T15:00:00Z');

let ctx: TestContext;
let north: number;
let south: number;
beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  await ctx.reset();
  north = (await createBranch(ctx.db, { name: 'Norte' })).id;
  south = (await createBranch(ctx.db, { name: 'Sur' })).id;
});

const board = async (query = 'period=monthly') => {
  const res = await ctx.asAdmin('GET', `/api/points/leaderboard?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZLeaderboard.parse(res.json()).data.map((e) => [e.rank, e.name, e.period_points, e.branch_id]);
};
const put = async (id: number, body: object) => {
  const res = await ctx.asAdmin('PUT', `/api/users/${id}`, body);
  expect(res.statusCode, res.body).toBe(200);
};

/** Every total's copies against its user, as "user_id name_key branch ranked" (empty when all agree). */
async function staleCopies(db: Db = ctx.db) {
  const rows = await queryRows<{ row: string }>(
    db,
    sql`SELECT t.period || ' ' || t.user_id || ' ' || t.name_key || ' ' || coalesce(t.branch_id::text, '-') || ' ' || t.ranked AS row
      FROM point_totals t JOIN users u ON u.id = t.user_id
      WHERE t.name_key IS DISTINCT FROM u.name_key OR t.branch_id IS DISTINCT FROM u.branch_id
        OR t.ranked IS DISTINCT FROM (u.role = 'seller' AND u.active)`,
  );
  return rows.map((r) => r.row);
}

describe('the leaderboard follows changes to the seller', () => {
  it('orders ties by the new name after a rename, with the same competition ranks', async () => {
    const zoe = await createUser(ctx.db, { name: 'Zoe Zárate', branchId: north });
    const ana = await createUser(ctx.db, { name: 'Ana Acosta', branchId: north });
    const top = await createUser(ctx.db, { name: 'Mario Máximo', branchId: south });
    for (const u of [zoe, ana]) await createTransaction(ctx.db, u.id, { points: 30, createdAt: NOW });
    await createTransaction(ctx.db, top.id, { points: 90, createdAt: NOW });
    expect(await board()).toEqual([
      [1, 'Mario Máximo', 90, south],
      [2, 'Ana Acosta', 30, north],
      [2, 'Zoe Zárate', 30, north],
    ]);
    // Accents and case do not count: "álvaro" sorts before "ana".
    await put(zoe.id, { name: 'álvaro Zárate' });
    expect(await board()).toEqual([
      [1, 'Mario Máximo', 90, south],
      [2, 'álvaro Zárate', 30, north],
      [2, 'Ana Acosta', 30, north],
    ]);
    expect(await board('period=all_time&limit=10')).toEqual(await board('period=all_time&limit=10'));
    expect(await staleCopies()).toEqual([]);
  });

  it('moves a seller between branch boards, and drops and brings back a deactivated seller', async () => {
    const ana = await createUser(ctx.db, { name: 'Ana Acosta', branchId: north });
    const beto = await createUser(ctx.db, { name: 'Beto Benítez', branchId: north });
    const caro = await createUser(ctx.db, { name: 'Caro Castro', branchId: south });
    await createTransaction(ctx.db, ana.id, { points: 50, createdAt: NOW });
    await createTransaction(ctx.db, beto.id, { points: 40, createdAt: NOW });
    await createTransaction(ctx.db, caro.id, { points: 30, createdAt: NOW });
    const names = async (query: string) => (await board(query)).map((e) => [e[0], e[1]]);
    expect(await names(`branch_id=${north}`)).toEqual([
      [1, 'Ana Acosta'],
      [2, 'Beto Benítez'],
    ]);

    await put(ana.id, { branch_id: south });
    expect(await names(`branch_id=${north}`)).toEqual([[1, 'Beto Benítez']]);
    expect(await names(`branch_id=${south}`)).toEqual([
      [1, 'Ana Acosta'],
      [2, 'Caro Castro'],
    ]);
    expect((await board()).find((e) => e[1] === 'Ana Acosta')?.[3]).toBe(south);

    // Deactivation by the bulk route, then back: out of every board, then in again with its rank.
    const bulk = await ctx.asAdmin('POST', '/api/users/bulk-active', { ids: [ana.id], active: false });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await names('period=weekly')).toEqual([
      [1, 'Beto Benítez'],
      [2, 'Caro Castro'],
    ]);
    expect(await names(`branch_id=${south}`)).toEqual([[1, 'Caro Castro']]);
    await put(ana.id, { active: true });
    expect(await names('period=all_time')).toEqual([
      [1, 'Ana Acosta'],
      [2, 'Beto Benítez'],
      [3, 'Caro Castro'],
    ]);

    // A seller made an administrator leaves the board; the dashboard's count follows too.
    await put(beto.id, { role: 'admin' });
    expect(await names('period=monthly')).toEqual([
      [1, 'Ana Acosta'],
      [2, 'Caro Castro'],
    ]);
    const summary = await ctx.asAdmin('GET', '/api/points/summary');
    expect(summary.json().data.top_users_count).toBe(2);
    expect(await staleCopies()).toEqual([]);
  });

  it('gives totals created after a change the current copies (a new week, month or seller)', async () => {
    const ana = await createUser(ctx.db, { name: 'Ana Acosta', branchId: north, active: false });
    await put(ana.id, { name: 'Ana Nueva', branch_id: south });
    await createTransaction(ctx.db, ana.id, { points: 10, createdAt: NOW });
    expect(await board()).toEqual([]);
    await put(ana.id, { active: true });
    expect(await board(`branch_id=${south}`)).toEqual([[1, 'Ana Nueva', 10, south]]);
    expect(await staleCopies()).toEqual([]);
  });

  it('keeps the copies right under renames and moves running in parallel with awards', async () => {
    const sellers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => createUser(ctx.db, { name: `Paralelo ${i}`, branchId: north })),
    );
    const run = async (db: Db) => {
      await Promise.all(
        sellers.flatMap((u, i) => [
          ...['create_post', 'like_post', 'comment_post'].flatMap((actionKey) =>
            Array.from({ length: 6 }, (_, k) =>
              award(db, { userId: u.id, actionKey, reference: { type: 'post', id: k } }),
            ),
          ),
          ...Array.from({ length: 4 }, (_, k) =>
            db.execute(
              sql`UPDATE users SET name = ${`Renombrado ${i}.${k}`}, branch_id = ${k % 2 ? south : north},
                active = ${k !== 1} WHERE id = ${u.id}`,
            ),
          ),
        ]),
      );
    };
    await withParallelDb(ctx.testDb, run);
    const [{ n }] = (await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM point_totals`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect(await staleCopies()).toEqual([]);
  });
});
