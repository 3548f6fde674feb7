import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/client.ts';
import { seedDemoIfEmpty } from '../../../src/demo/seed.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.testDb.reset();
});
afterAll(() => ctx?.close());

const TZ = 'America/Argentina/Buenos_Aires';

describe('demo ledger', () => {
  it('follows the engine rules and matches the seeded activity', async () => {
    const started = Date.now();
    await seedDemoIfEmpty(ctx.db, new Date());
    expect(Date.now() - started).toBeLessThan(15_000);

    const [totals] = await queryRows<{ rows: number; logins: number; likes: number; surveys: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS rows,
          count(*) FILTER (WHERE a.key = 'daily_login')::int AS logins,
          count(*) FILTER (WHERE a.key = 'like_post')::int AS likes,
          count(*) FILTER (WHERE t.point_action_id IS NULL AND t.reference_type = 'survey')::int AS surveys
        FROM point_transactions t LEFT JOIN point_actions a ON a.id = t.point_action_id`,
    );
    expect(totals!.logins).toBeGreaterThan(100);
    expect(totals!.likes).toBeGreaterThan(50);
    expect(totals!.surveys).toBeGreaterThan(0);

    // No user ever passes an action's daily limit within one business day.
    const over = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM (
          SELECT t.user_id, t.point_action_id, (t.created_at AT TIME ZONE ${TZ})::date AS day, count(*) AS c, max(a.daily_limit) AS lim
          FROM point_transactions t JOIN point_actions a ON a.id = t.point_action_id
          WHERE a.daily_limit IS NOT NULL
          GROUP BY 1, 2, 3) g WHERE g.c > g.lim`,
    );
    expect(over[0]!.n).toBe(0);

    // Every like award points to a like that exists, by the same user.
    const orphans = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM point_transactions t JOIN point_actions a ON a.id = t.point_action_id
        WHERE a.key = 'like_post' AND NOT EXISTS (
          SELECT 1 FROM post_likes l WHERE l.user_id = t.user_id AND l.post_id::text = t.reference_id)`,
    );
    expect(orphans[0]!.n).toBe(0);

    // Nothing in the future.
    const future = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM point_transactions WHERE created_at > now()`,
    );
    expect(future[0]!.n).toBe(0);
  });
});
