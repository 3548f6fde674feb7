import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AWARD_RULES, type AwardFacts, evaluate, firstRefusal } from './rules.ts';
import { refusedSql, ruleSql } from './rules-sql.ts';

/**
 * The rules are written once (AWARD_RULES) and read twice: evaluate() in TypeScript, ruleSql() in SQL
 * (awardGate's `refused`). This holds the two readings equal, rule by rule, on facts around every edge.
 */
const now = new Date('2026-11-22T15:00:00.000Z');
const dialect = new PgDialect();
let pg: PGlite;

// Starting PGlite takes seconds on a busy machine.
beforeAll(async () => {
  pg = new PGlite();
  await pg.waitReady;
}, 60_000);
afterAll(async () => {
  await pg.close();
});

/** Every rule's verdict and `refused`, computed by the database over one row of facts. */
async function inSql(facts: AwardFacts): Promise<{ rules: boolean[]; refused: boolean }> {
  const columns = sql.join(
    [
      ...AWARD_RULES.map((rule, i) => sql`${ruleSql(rule.refuses, 'g', now)} AS ${sql.identifier(`r${i}`)}`),
      sql`${refusedSql('g', now)} AS refused`,
    ],
    sql`, `,
  );
  const query = dialect.sqlToQuery(
    sql`SELECT ${columns} FROM (SELECT ${facts.action_id}::int AS action_id, ${facts.active}::boolean AS active,
        ${facts.daily_limit}::int AS daily_limit, ${facts.cooldown_seconds}::int AS cooldown_seconds,
        ${facts.seller}::boolean AS seller, ${facts.today}::int AS today,
        ${facts.last_at?.toISOString() ?? null}::timestamptz AS last_at, ${facts.duplicate}::boolean AS duplicate) AS g`,
  );
  const { rows } = await pg.query<Record<string, boolean>>(query.sql, query.params);
  const row = rows[0]!;
  return { rules: AWARD_RULES.map((_, i) => row[`r${i}`]!), refused: row.refused! };
}

const facts: fc.Arbitrary<AwardFacts> = fc
  .record({
    exists: fc.boolean(),
    active: fc.boolean(),
    daily_limit: fc.option(fc.integer({ min: 0, max: 4 })),
    cooldown_seconds: fc.option(fc.integer({ min: 0, max: 90 })),
    seller: fc.boolean(),
    today: fc.integer({ min: 0, max: 5 }),
    // Around the cooldown's edge too: exactly `cooldown_seconds` ago, a millisecond either side.
    last: fc.option(fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.constantFrom(-1, 0, 1))),
    duplicate: fc.boolean(),
  })
  .map((f) => {
    const msAgo =
      f.last === null
        ? null
        : [-1, 0, 1].includes(f.last)
          ? (f.cooldown_seconds ?? 0) * 1000 + f.last
          : f.last;
    return {
      action_id: f.exists ? 7 : null,
      active: f.exists ? f.active : null,
      daily_limit: f.exists ? f.daily_limit : null,
      cooldown_seconds: f.exists ? f.cooldown_seconds : null,
      seller: f.seller,
      today: f.today,
      last_at: msAgo === null ? null : new Date(now.getTime() - Math.max(0, msAgo)),
      duplicate: f.duplicate,
    };
  });

describe('the points rules in TypeScript and in SQL', () => {
  it('name every refusal once', () => {
    const reasons = AWARD_RULES.map((rule) => rule.reason);
    expect(new Set(reasons).size).toBe(reasons.length);
    expect(reasons).toEqual(['missing', 'inactive', 'not_seller', 'daily_limit', 'cooldown', 'duplicate']);
  });

  it('agree rule by rule, and on whether the award is refused', async () => {
    await fc.assert(
      fc.asyncProperty(facts, async (f) => {
        const db = await inSql(f);
        expect(db.rules).toEqual(AWARD_RULES.map((rule) => evaluate(rule.refuses, f, now)));
        expect(db.refused).toBe(firstRefusal(f, now) !== null);
      }),
      { numRuns: 400 },
    );
  });

  it('agree at the cooldown edge: a refusal a millisecond before cooldown_seconds, none at it', async () => {
    const base: AwardFacts = {
      action_id: 1,
      active: true,
      daily_limit: null,
      cooldown_seconds: 30,
      seller: true,
      today: 0,
      last_at: null,
      duplicate: false,
    };
    for (const [msAgo, refused] of [
      [29_999, true],
      [30_000, false],
    ] as const) {
      const f = { ...base, last_at: new Date(now.getTime() - msAgo) };
      expect(firstRefusal(f, now) !== null).toBe(refused);
      expect((await inSql(f)).refused).toBe(refused);
    }
  });
});
