import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/client.ts';
import { seedDemoIfEmpty } from '../../../src/demo/seed.ts';
import { dashboardActivity } from '../../../src/services/dashboard/activity.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.testDb.reset(); // the seed only runs on an empty database
});
afterAll(() => ctx?.close());

const TZ = 'America/Argentina/Buenos_Aires';

/** The longest run of consecutive days with the same value. */
function longestFlatRun(values: number[]): number {
  let longest = 1;
  let run = 1;
  for (let i = 1; i < values.length; i++) {
    run = values[i] === values[i - 1] ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  return longest;
}

describe('demo activity over the month (issue 21, item 14)', () => {
  // 02:30 in Buenos Aires: a seed at night used to put every event at that hour of the night.
  const now = new Date('2026-11-27T05:30:00Z');

  it('spreads posts, likes, comments and story views over the 30 days of the dashboard chart', async () => {
    await seedDemoIfEmpty(ctx.db, now, ctx.app.storage, TZ);
    const { days } = await dashboardActivity(ctx.db, now, TZ);
    expect(days).toHaveLength(30);
    const total = days.map((d) => d.posts + d.likes + d.comments + d.story_views);
    // Something happens every day, and no metric stays flat for days (the old seed: 0 for 26 days).
    expect(total.filter((n) => n === 0)).toEqual([]);
    expect(longestFlatRun(total)).toBeLessThanOrEqual(2);
    expect(longestFlatRun(days.map((d) => d.likes))).toBeLessThanOrEqual(3);
    for (const metric of ['posts', 'likes', 'comments', 'story_views'] as const) {
      const firstHalf = days.slice(0, 15).reduce((sum, d) => sum + d[metric], 0);
      expect(firstHalf, metric).toBeGreaterThan(0);
    }
    // The last four days hold a fair share, not the month.
    const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
    expect(sum(total.slice(-4)) / sum(total)).toBeLessThan(0.35);
    // Nothing in the future.
    const [future] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT (SELECT count(*) FROM post_likes WHERE created_at > ${now.toISOString()}::timestamptz)
            + (SELECT count(*) FROM post_comments WHERE created_at > ${now.toISOString()}::timestamptz)
            + (SELECT count(*) FROM story_views WHERE viewed_at > ${now.toISOString()}::timestamptz)
            + (SELECT count(*) FROM posts WHERE created_at > ${now.toISOString()}::timestamptz) AS n`,
    );
    expect(Number(future!.n)).toBe(0);
  });

  it('puts the events at office hours of the business time zone, whatever the hour of the seed', async () => {
    const rows = await queryRows<{ hour: number; n: number }>(
      ctx.db,
      sql`SELECT extract(hour FROM start_at AT TIME ZONE ${TZ})::int AS hour, count(*)::int AS n
          FROM events GROUP BY 1 ORDER BY 1`,
    );
    const hours = rows.map((r) => r.hour);
    expect(Math.min(...hours)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...hours)).toBeLessThanOrEqual(18);
    expect(hours.length).toBeGreaterThan(3);
  });

  it('has a notification and a survey "Programada" for the coming days, each with its job and unread by anyone', async () => {
    const rows = await queryRows<{
      kind: string;
      title: string;
      publish_at: Date | string;
      run_at: Date | string;
    }>(
      ctx.db,
      sql`SELECT j.kind, COALESCE(n.title, s.title) AS title, COALESCE(n.publish_at, s.publish_at) AS publish_at, j.run_at
        FROM scheduled_jobs j
        LEFT JOIN notifications n ON j.kind = 'notification' AND n.id = j.ref_id
        LEFT JOIN surveys s ON j.kind = 'survey' AND s.id = j.ref_id
        WHERE j.kind IN ('notification', 'survey') AND j.status = 'pending' ORDER BY j.run_at`,
    );
    expect(rows.map((r) => [r.kind, r.title])).toEqual([
      ['notification', 'Arranca la línea de limpiadores concentrados'],
      ['survey', 'Capacitación en limpiadores concentrados'],
    ]);
    // Ahead of everything the demo dated (its newest post is of the seeding's hour).
    const [latest] = await queryRows<{ at: Date | string }>(
      ctx.db,
      sql`SELECT max(created_at) AS at FROM posts`,
    );
    for (const r of rows) {
      expect(new Date(r.run_at).getTime()).toBe(new Date(r.publish_at).getTime());
      expect(new Date(r.publish_at).getTime()).toBeGreaterThan(new Date(latest!.at).getTime() + 86_400_000);
    }
    const [reads] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM notification_reads r JOIN notifications n ON n.id = r.notification_id
        WHERE n.publish_at IS NOT NULL`,
    );
    expect(reads!.n).toBe(0);
  });

  it('has one survey reminding who has not answered, scheduled a day before it closes', async () => {
    const rows = await queryRows<{ title: string; run_at: Date | string; end_date: Date | string }>(
      ctx.db,
      sql`SELECT s.title, j.run_at, s.end_date FROM scheduled_jobs j JOIN surveys s ON s.id = j.ref_id
        WHERE j.kind = 'survey_reminder' AND j.status = 'pending'`,
    );
    expect(rows.map((r) => r.title)).toEqual(['Relevamiento de góndolas']);
    expect(new Date(rows[0]!.end_date).getTime() - new Date(rows[0]!.run_at).getTime()).toBe(86_400_000);
  });
});
