import { ZLeaderboard } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../../src/db/client.ts';
import { award, creditPoints } from '../../../src/services/points/award.ts';
import { syncPointTotalsZone } from '../../../src/services/points/totals.ts';
import { bearer, createTransaction, createUser } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';
import { withParallelDb as withParallelDbOf } from '../../../src/testing/test-db.ts';

// The running totals (point_totals) must always equal the ledger's sums, whatever wrote the ledger.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

const AR = 'America/Argentina/Buenos_Aires';

/** Totals recomputed from the ledger in a zone, and the stored ones, in one comparable shape. */
async function totalsVsLedger(timeZone = AR) {
  type Row = {
    period: string;
    period_start: string;
    user_id: number;
    points: string | number;
    entries: string | number;
  };
  const norm = (rows: Row[]) =>
    rows
      .map(
        (r) =>
          `${r.period} ${String(r.period_start).slice(0, 10)} ${r.user_id} ${Number(r.points)} (${Number(r.entries)})`,
      )
      .sort();
  const stored = await queryRows<Row>(
    ctx.db,
    sql`SELECT period, period_start::text AS period_start, user_id, points, entries FROM point_totals`,
  );
  const ledger = await queryRows<Row>(
    ctx.db,
    sql`SELECT p.period, p.period_start::text AS period_start, a.user_id, sum(a.points) AS points, count(*) AS entries
      FROM point_transactions a
      CROSS JOIN LATERAL (VALUES
        ('all', DATE '1970-01-01'),
        ('month', date_trunc('month', a.created_at AT TIME ZONE ${timeZone})::date),
        ('week', date_trunc('week', a.created_at AT TIME ZONE ${timeZone})::date)
      ) AS p(period, period_start)
      GROUP BY 1, 2, 3`,
  );
  return { stored: norm(stored), ledger: norm(ledger) };
}

const withParallelDb = (work: (db: Db) => Promise<void>) => withParallelDbOf(ctx.testDb, work);

describe('running totals of the ledger', () => {
  it('equal the ledger sums per user, all time, month and week, after awards and reversals', async () => {
    const ana = await createUser(ctx.db, { name: 'Ana Totales' });
    const now = new Date('2026-03-31T23:30:00Z'); // 20:30 on 31 March in Buenos Aires, 1 April in UTC
    expect(
      await award(ctx.db, {
        userId: ana.id,
        actionKey: 'create_post',
        reference: { type: 'post', id: 1 },
        now,
      }),
    ).toMatchObject({ awarded: true, points: 20 });
    await creditPoints(ctx.db, {
      userId: ana.id,
      points: 15,
      description: 'Encuesta',
      reference: { type: 'survey', id: 9 },
      now,
    });
    // A reversal is a new, negative row (the ledger is append-only).
    await createTransaction(ctx.db, ana.id, {
      actionKey: null,
      points: -20,
      createdAt: new Date('2026-04-01T04:00:00Z'),
    });
    const { stored, ledger } = await totalsVsLedger();
    expect(stored).toEqual(ledger);
    expect(stored).toContain(`month 2026-03-01 ${ana.id} 35 (2)`);
    expect(stored).toContain(`month 2026-04-01 ${ana.id} -20 (1)`);
    expect(stored).toContain(`all 1970-01-01 ${ana.id} 15 (3)`);
  });

  it('stay equal under parallel awards of many users and actions', async () => {
    const users = await Promise.all(
      Array.from({ length: 4 }, (_, i) => createUser(ctx.db, { name: `Paralelo ${i}` })),
    );
    await withParallelDb(async (db) => {
      await Promise.all(
        users.flatMap((u) =>
          ['create_post', 'like_post', 'comment_post'].flatMap((actionKey) =>
            Array.from({ length: 8 }, (_, i) =>
              award(db, { userId: u.id, actionKey, reference: { type: 'post', id: i } }),
            ),
          ),
        ),
      );
    });
    const { stored, ledger } = await totalsVsLedger();
    expect(ledger.length).toBeGreaterThan(0);
    expect(stored).toEqual(ledger);

    // Historial's totals come from those counts: everybody, and one user.
    const count = async (where: ReturnType<typeof sql>) =>
      Number(
        (
          await queryRows<{ n: number }>(
            ctx.db,
            sql`SELECT count(*)::int AS n FROM point_transactions WHERE ${where}`,
          )
        )[0]?.n,
      );
    const total = async (query: string) =>
      (await ctx.asAdmin('GET', `/api/points/transactions?per_page=10${query}`)).json().meta.total;
    expect(await total('')).toBe(await count(sql`true`));
    expect(await total(`&user_id=${users[1]!.id}`)).toBe(await count(sql`user_id = ${users[1]!.id}`));
    expect(await total('&q=publicaci')).toBe(
      await count(sql`f_unaccent(lower(description)) LIKE '%publicaci%'`),
    );
  });

  it('are rebuilt when the business time zone changes, and the leaderboard follows them', async () => {
    const eva = await createUser(ctx.db, { name: 'Eva Zona' });
    // 1 March 01:00 UTC: still February in Buenos Aires, already March in Madrid.
    await createTransaction(ctx.db, eva.id, { points: 40, createdAt: new Date('2026-03-01T01:00:00Z') });
    expect(await syncPointTotalsZone(ctx.db, 'Europe/Madrid')).toBe(true);
    expect(await syncPointTotalsZone(ctx.db, 'Europe/Madrid')).toBe(false);
    let check = await totalsVsLedger('Europe/Madrid');
    expect(check.stored).toEqual(check.ledger);
    expect(check.stored).toContain(`month 2026-03-01 ${eva.id} 40 (1)`);
    await syncPointTotalsZone(ctx.db, AR);
    check = await totalsVsLedger(AR);
    expect(check.stored).toEqual(check.ledger);
    expect(check.stored).toContain(`month 2026-02-01 ${eva.id} 40 (1)`);

    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/points/leaderboard?period=all_time',
      headers: bearer(ctx.admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZLeaderboard.parse(res.json()).data).toContainEqual(
      expect.objectContaining({ id: eva.id, period_points: 40, rank: 1 }),
    );
  });
});
