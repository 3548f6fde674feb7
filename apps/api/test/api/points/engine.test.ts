import { DEFAULT_TIMEZONE } from '@panel/shared';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../../src/db/client.ts';
import { pointActions, pointTransactions } from '../../../src/db/schema/points.ts';
import {
  type AwardGateRow,
  award,
  awardGate,
  creditPoints,
  gateRejection,
} from '../../../src/services/points/award.ts';
import { createUser } from '../../../src/testing/factories.ts';
import { acceptedByModel, arbitraryScenario } from '../../../src/testing/points-model.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';
import { withParallelDb as withParallelDbOf } from '../../../src/testing/test-db.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

let keySeq = 0;

async function createAction(
  db: Db,
  rule: Partial<{
    key: string;
    points: number;
    active: boolean;
    dailyLimit: number | null;
    cooldownSeconds: number | null;
  }> = {},
) {
  const [row] = await db
    .insert(pointActions)
    .values({
      key: rule.key ?? `prueba_${++keySeq}`,
      name: 'Acción de prueba',
      points: rule.points ?? 7,
      active: rule.active ?? true,
      dailyLimit: rule.dailyLimit ?? null,
      cooldownSeconds: rule.cooldownSeconds ?? null,
    })
    .returning();
  return row!;
}

const ledgerOf = (userId: number) =>
  ctx.db
    .select()
    .from(pointTransactions)
    .where(eq(pointTransactions.userId, userId))
    .orderBy(pointTransactions.id);

describe('award()', () => {
  it("writes one ledger row with the action's current points and name, and the reference", async () => {
    const action = await createAction(ctx.db, { points: 12 });
    const now = new Date('2026-11-22T15:00:00Z');
    const result = await award(ctx.db, {
      userId: ctx.seller.id,
      actionKey: action.key,
      reference: { type: 'post', id: 41 },
      now,
    });
    expect(result).toEqual({ awarded: true, transactionId: expect.any(Number), points: 12 });
    const rows = await ledgerOf(ctx.seller.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      pointActionId: action.id,
      points: 12,
      description: 'Acción de prueba',
      referenceType: 'post',
      referenceId: '41',
      createdAt: now,
    });
  });

  it('refuses a missing or inactive action without writing anything', async () => {
    const inactive = await createAction(ctx.db, { active: false });
    expect(await award(ctx.db, { userId: ctx.seller.id, actionKey: 'no_existe' })).toEqual({
      awarded: false,
      reason: 'missing',
    });
    expect(await award(ctx.db, { userId: ctx.seller.id, actionKey: inactive.key })).toEqual({
      awarded: false,
      reason: 'inactive',
    });
    expect(await ledgerOf(ctx.seller.id)).toHaveLength(0);
  });

  it('counts the daily limit per business day of APP_TIMEZONE (Buenos Aires midnight is 03:00 UTC)', async () => {
    const action = await createAction(ctx.db, { dailyLimit: 2 });
    const at = (iso: string, ref: number) =>
      award(ctx.db, {
        userId: ctx.seller.id,
        actionKey: action.key,
        reference: { type: 'post', id: ref },
        now: new Date(iso),
      });
    expect((await at('2026-11-21T12:00:00Z', 1)).awarded).toBe(true);
    expect((await at('2026-11-22T02:59:00Z', 2)).awarded).toBe(true); // still the 21st in Buenos Aires
    expect(await at('2026-11-22T02:59:30Z', 3)).toEqual({ awarded: false, reason: 'daily_limit' });
    expect((await at('2026-11-22T03:00:00Z', 4)).awarded).toBe(true); // the 22nd
  });

  it('keeps cooldown_seconds between two awards of one action', async () => {
    const action = await createAction(ctx.db, { cooldownSeconds: 60 });
    const t0 = Date.parse('2026-11-22T15:00:00Z');
    const at = (s: number, ref: number) =>
      award(ctx.db, {
        userId: ctx.seller.id,
        actionKey: action.key,
        reference: { type: 'post', id: ref },
        now: new Date(t0 + s * 1000),
      });
    expect((await at(0, 1)).awarded).toBe(true);
    expect(await at(59, 2)).toEqual({ awarded: false, reason: 'cooldown' });
    expect((await at(60, 3)).awarded).toBe(true);
  });

  it('awards one (user, action, reference) once: retries earn nothing twice', async () => {
    const action = await createAction(ctx.db);
    const input = { userId: ctx.seller.id, actionKey: action.key, reference: { type: 'post', id: 9 } };
    expect((await award(ctx.db, input)).awarded).toBe(true);
    expect(await award(ctx.db, input)).toEqual({ awarded: false, reason: 'duplicate' });
    expect(await award(ctx.db, { ...input, reference: { type: 'post', id: '9' } })).toEqual({
      awarded: false,
      reason: 'duplicate',
    });
    // Another user, or another reference, is another award.
    const other = await createUser(ctx.db);
    expect((await award(ctx.db, { ...input, userId: other.id })).awarded).toBe(true);
    expect((await award(ctx.db, { ...input, reference: { type: 'comment', id: 9 } })).awarded).toBe(true);
  });

  it("reads the action's points at the time of the award (later edits do not rewrite the ledger)", async () => {
    const action = await createAction(ctx.db, { points: 3 });
    await award(ctx.db, { userId: ctx.seller.id, actionKey: action.key, reference: { type: 'post', id: 1 } });
    await ctx.db.update(pointActions).set({ points: 30 }).where(eq(pointActions.id, action.id));
    await award(ctx.db, { userId: ctx.seller.id, actionKey: action.key, reference: { type: 'post', id: 2 } });
    expect((await ledgerOf(ctx.seller.id)).map((r) => r.points)).toEqual([3, 30]);
  });

  it("runs inside the caller's transaction: rolled back with it", async () => {
    const action = await createAction(ctx.db);
    await expect(
      ctx.db.transaction(async (tx) => {
        const result = await award(tx, { userId: ctx.seller.id, actionKey: action.key });
        expect(result.awarded).toBe(true);
        throw new Error('el llamador falla');
      }),
    ).rejects.toThrow('el llamador falla');
    expect(await ledgerOf(ctx.seller.id)).toHaveLength(0);
  });

  it('logs a refusal with its reason', async () => {
    const lines: unknown[] = [];
    const log = { info: (o: unknown) => lines.push(o), debug: () => {} } as never;
    await award(ctx.db, { userId: ctx.seller.id, actionKey: 'no_existe' }, log);
    expect(lines).toEqual([expect.objectContaining({ actionKey: 'no_existe', reason: 'missing' })]);
  });

  it('accepts exactly what the model of the rules accepts, for random sequences (property)', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryScenario(), async ({ actions, attempts }) => {
        // Fresh keys and users per run: the ledger is append-only.
        const run = ++keySeq;
        const keyOf = (k: string) => `${k}_r${run}`;
        for (const a of actions) await createAction(ctx.db, { ...a, key: keyOf(a.key) });
        const users = [await createUser(ctx.db), await createUser(ctx.db)];
        const got: boolean[] = [];
        for (const a of attempts) {
          const result = await award(ctx.db, {
            userId: users[a.userId - 1]!.id,
            actionKey: keyOf(a.actionKey),
            reference: a.reference === null ? null : { type: 'post', id: a.reference },
            now: a.at,
          });
          got.push(result.awarded);
        }
        // award() counts days and months in the business time zone, by default DEFAULT_TIMEZONE.
        expect(got).toEqual(acceptedByModel(actions, attempts, DEFAULT_TIMEZONE));
      }),
      { numRuns: 25 },
    );
  });
});

describe('awardGate()', () => {
  const gateOf = async (input: Parameters<typeof awardGate>[0]) =>
    (await queryRows<AwardGateRow>(ctx.db, awardGate(input)))[0]!;

  it('refuses in SQL exactly what checkAward refuses, before each attempt of random sequences (property)', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryScenario(), async ({ actions, attempts }) => {
        const run = ++keySeq;
        const keyOf = (k: string) => `${k}_g${run}`;
        for (const a of actions) await createAction(ctx.db, { ...a, key: keyOf(a.key) });
        const users = [await createUser(ctx.db), await createUser(ctx.db)];
        const expected = acceptedByModel(actions, attempts, DEFAULT_TIMEZONE);
        for (const [i, a] of attempts.entries()) {
          const input = {
            userId: users[a.userId - 1]!.id,
            actionKey: keyOf(a.actionKey),
            reference: a.reference === null ? null : { type: 'post', id: a.reference },
            now: a.at,
          };
          const gate = await gateOf(input);
          expect(gate.refused).toBe(gateRejection(gate, a.at) !== null);
          expect(gate.refused).toBe(!expected[i]);
          await award(ctx.db, input);
        }
      }),
      { numRuns: 15 },
    );
  });

  it('a cooldown ends exactly cooldown_seconds after the last award, to the millisecond', async () => {
    const action = await createAction(ctx.db, { cooldownSeconds: 60 });
    const at = new Date('2026-11-22T15:00:00.000Z');
    const input = { userId: ctx.seller.id, actionKey: action.key, reference: null };
    expect((await award(ctx.db, { ...input, now: at })).awarded).toBe(true);
    const early = await gateOf({ ...input, now: new Date(at.getTime() + 59_999) });
    expect([early.refused, gateRejection(early, new Date(at.getTime() + 59_999))]).toEqual([
      true,
      'cooldown',
    ]);
    const due = await gateOf({ ...input, now: new Date(at.getTime() + 60_000) });
    expect([due.refused, gateRejection(due, new Date(at.getTime() + 60_000))]).toEqual([false, null]);
  });

  it('names why: a missing action, an administrator, the daily limit, a reference already awarded', async () => {
    const now = new Date('2026-11-22T15:00:00Z');
    const reason = async (input: Omit<Parameters<typeof awardGate>[0], 'now'>) =>
      gateRejection(await gateOf({ ...input, now }), now);
    expect(await reason({ userId: ctx.seller.id, actionKey: 'no_existe', reference: null })).toBe('missing');
    const limited = await createAction(ctx.db, { dailyLimit: 1 });
    expect(await reason({ userId: ctx.admin.id, actionKey: limited.key, reference: null })).toBe(
      'not_seller',
    );
    await award(ctx.db, {
      userId: ctx.seller.id,
      actionKey: limited.key,
      reference: { type: 'post', id: 1 },
      now,
    });
    expect(await reason({ userId: ctx.seller.id, actionKey: limited.key, reference: null })).toBe(
      'daily_limit',
    );
    const free = await createAction(ctx.db);
    await award(ctx.db, {
      userId: ctx.seller.id,
      actionKey: free.key,
      reference: { type: 'post', id: 1 },
      now,
    });
    expect(
      await reason({ userId: ctx.seller.id, actionKey: free.key, reference: { type: 'post', id: 1 } }),
    ).toBe('duplicate');
    expect(
      await reason({ userId: ctx.seller.id, actionKey: free.key, reference: { type: 'post', id: 2 } }),
    ).toBe(null);
  });
});

describe('creditPoints()', () => {
  it('writes a ledger row without an action (a survey reward)', async () => {
    const id = await creditPoints(ctx.db, {
      userId: ctx.seller.id,
      points: 15,
      description: 'Encuesta respondida',
      reference: { type: 'survey', id: 3 },
    });
    const [row] = await ledgerOf(ctx.seller.id);
    expect(row).toMatchObject({
      id,
      pointActionId: null,
      points: 15,
      referenceType: 'survey',
      referenceId: '3',
    });
  });
});

describe('award() under concurrency', () => {
  /** A pool of its own on PostgreSQL, so the awards really run at the same time on separate connections. */
  const withParallelDb = (work: (db: Db) => Promise<void>) => withParallelDbOf(ctx.testDb, work);

  it('50 parallel awards with daily_limit 3 write exactly 3 rows', async () => {
    const action = await createAction(ctx.db, { dailyLimit: 3 });
    await withParallelDb(async (db) => {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          award(db, { userId: ctx.seller.id, actionKey: action.key, reference: { type: 'post', id: i } }),
        ),
      );
      expect(results.filter((r) => r.awarded)).toHaveLength(3);
      expect(results.filter((r) => !r.awarded && r.reason === 'daily_limit')).toHaveLength(47);
    });
    expect(await ledgerOf(ctx.seller.id)).toHaveLength(3);
  });

  it('the same reference twice at once writes one row', async () => {
    const action = await createAction(ctx.db);
    await withParallelDb(async (db) => {
      for (let round = 0; round < 5; round++) {
        const input = {
          userId: ctx.seller.id,
          actionKey: action.key,
          reference: { type: 'post', id: round },
        };
        const results = await Promise.all([award(db, input), award(db, input), award(db, input)]);
        expect(results.filter((r) => r.awarded)).toHaveLength(1);
      }
    });
    expect(await ledgerOf(ctx.seller.id)).toHaveLength(5);
  });

  it('a cooldown holds under 20 parallel awards', async () => {
    const action = await createAction(ctx.db, { cooldownSeconds: 3600 });
    await withParallelDb(async (db) => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          award(db, { userId: ctx.seller.id, actionKey: action.key, reference: { type: 'post', id: i } }),
        ),
      );
      expect(results.filter((r) => r.awarded)).toHaveLength(1);
    });
  });

  it('the (user_id, point_action_id, created_at) index serves the checks', async () => {
    const [row] = await queryRows<{ indexname: string }>(
      ctx.db,
      sql`SELECT indexname FROM pg_indexes WHERE indexname = 'point_transactions_user_action_created_idx'`,
    );
    expect(row?.indexname).toBe('point_transactions_user_action_created_idx');
  });
});
