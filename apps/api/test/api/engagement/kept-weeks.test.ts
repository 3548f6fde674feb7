import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/client.ts';
import { appVisits } from '../../../src/db/schema/engagement.ts';
import { postComments, postLikes, posts, postViews } from '../../../src/db/schema/posts.ts';
import { users } from '../../../src/db/schema/users.ts';
import { syncPointTotalsZone } from '../../../src/services/points/totals.ts';
import {
  createBranch,
  createComment,
  createLike,
  createPost,
  createUser,
} from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// Participación's kept tables (migration 0027, docs/decisions/2026-12-04-engagement-kept-weeks.md) against
// a count of the raw rows, after each of twenty-odd mixed steps: visits (in and out of order, a batch),
// views, likes, comments, unlikes, deletions, a seller's move, deactivation, reactivation, change of role,
// deletion, and a rebuild in another time zone.

const ZONE = 'America/Argentina/Buenos_Aires';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  // point_totals_settings outlives the resets: leave the zone the other files expect.
  if (ctx) await syncPointTotalsZone(ctx.db, ZONE);
  await ctx?.close();
});

type Row = Record<string, string | number | null>;
const rows = (query: ReturnType<typeof sql>) => queryRows<Row>(ctx.db, query);

/** Each kept table beside the same figures counted from app_visits, post_views, post_likes and post_comments. */
async function expectKeptAgrees() {
  const lastKept = await rows(sql`SELECT user_id, day::text FROM app_last_visits ORDER BY 1`);
  const lastRaw = await rows(
    sql`SELECT user_id, max(day)::text AS day FROM app_visits GROUP BY 1 ORDER BY 1`,
  );
  expect(lastKept).toEqual(lastRaw);

  const weeksKept = await rows(
    sql`SELECT user_id, week::text, prev_week::text FROM app_visit_weeks ORDER BY 1, 2`,
  );
  const weeksRaw = await rows(sql`
    SELECT user_id, week::text,
           coalesce(lag(week) OVER (PARTITION BY user_id ORDER BY week), '-infinity')::text AS prev_week
      FROM (SELECT DISTINCT user_id, date_trunc('week', day::timestamp)::date AS week FROM app_visits) v
     ORDER BY 1, 2`);
  expect(weeksKept).toEqual(weeksRaw);

  const firstsKept = await rows(sql`
    SELECT week::text, prev_week::text, branch_key, sellers FROM app_visit_week_counts
     WHERE sellers <> 0 ORDER BY 1, 2, 3`);
  const firstsRaw = await rows(sql`
    SELECT w.week::text, w.prev_week::text, coalesce(u.branch_id, 0) AS branch_key, count(*)::int AS sellers
      FROM (SELECT user_id, week, coalesce(lag(week) OVER (PARTITION BY user_id ORDER BY week), '-infinity') AS prev_week
              FROM (SELECT DISTINCT user_id, date_trunc('week', day::timestamp)::date AS week FROM app_visits) d) w
      JOIN users u ON u.id = w.user_id
     WHERE u.role = 'seller' AND u.active
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
  expect(firstsKept).toEqual(firstsRaw);

  const countsKept = await rows(sql`
    SELECT week::text, branch_key, active, seen, likes, comments FROM engagement_week_counts
     WHERE (active, seen, likes, comments) <> (0, 0, 0, 0) ORDER BY 1, 2`);
  const countsRaw = await rows(sql`
    WITH zone AS (SELECT time_zone AS z FROM point_totals_settings WHERE id = 1)
    SELECT x.week::text, coalesce(u.branch_id, 0) AS branch_key, sum(x.a)::int AS active,
           sum(x.s)::int AS seen, sum(x.l)::int AS likes, sum(x.c)::int AS comments
      FROM (
        SELECT DISTINCT user_id, date_trunc('week', day::timestamp)::date AS week, 1 AS a, 0 AS s, 0 AS l, 0 AS c
          FROM app_visits
        UNION ALL SELECT user_id, date_trunc('week', viewed_at AT TIME ZONE (SELECT z FROM zone))::date, 0, 1, 0, 0
          FROM post_views
        UNION ALL SELECT user_id, date_trunc('week', created_at AT TIME ZONE (SELECT z FROM zone))::date, 0, 0, 1, 0
          FROM post_likes
        UNION ALL SELECT user_id, date_trunc('week', created_at AT TIME ZONE (SELECT z FROM zone))::date, 0, 0, 0, 1
          FROM post_comments
      ) x JOIN users u ON u.id = x.user_id
     WHERE u.role = 'seller' AND u.active
     GROUP BY 1, 2 ORDER BY 1, 2`);
  expect(countsKept).toEqual(countsRaw);

  // A period's distinct active sellers, as report.ts reads them, against count(DISTINCT) of the visits.
  for (const [from, to] of [
    ['2026-11-02', '2026-11-30'],
    ['2026-11-16', '2026-12-07'],
    ['2026-10-05', '2026-11-16'],
  ]) {
    const [kept] = await rows(sql`
      SELECT coalesce(sum(sellers), 0)::int AS n FROM app_visit_week_counts
       WHERE week >= ${from}::date AND week < ${to}::date AND prev_week < ${from}::date`);
    const [raw] = await rows(sql`
      SELECT count(DISTINCT v.user_id)::int AS n FROM app_visits v JOIN users u ON u.id = v.user_id
       WHERE u.role = 'seller' AND u.active AND v.day >= ${from}::date AND v.day < ${to}::date`);
    expect(kept, `${from}..${to}`).toEqual(raw);
  }
}

describe('Participación: the kept tables', () => {
  it('agree with a count of the raw rows through twenty mixed steps on both engines', async () => {
    await ctx.reset();
    const norte = (await createBranch(ctx.db, { name: 'Norte' })).id;
    const sur = (await createBranch(ctx.db, { name: 'Sur' })).id;
    const ana = (await createUser(ctx.db, { name: 'Ana', branchId: norte })).id;
    const beto = (await createUser(ctx.db, { name: 'Beto', branchId: norte })).id;
    const carla = (await createUser(ctx.db, { name: 'Carla', branchId: sur })).id;
    const dino = (await createUser(ctx.db, { name: 'Dino', branchId: null })).id;
    const visit = (userId: number, ...days: string[]) =>
      ctx.db.insert(appVisits).values(days.map((day) => ({ userId, day })));
    const set = (id: number, values: Partial<typeof users.$inferInsert>) =>
      ctx.db.update(users).set(values).where(eq(users.id, id));
    const p1 = (await createPost(ctx.db, ctx.admin.id)).id;
    const p2 = (await createPost(ctx.db, ctx.admin.id, { branchId: norte })).id;
    const p3 = (await createPost(ctx.db, ctx.admin.id)).id;

    const steps: [string, () => Promise<unknown>][] = [
      ['visits of one day each', () => Promise.all([visit(ana, '2026-11-16'), visit(beto, '2026-11-17')])],
      ['a second visit the same week', () => visit(ana, '2026-11-18')],
      ['a later week', () => visit(ana, '2026-11-25')],
      ['an earlier week, out of order', () => visit(ana, '2026-11-03')],
      ['a week in between, out of order', () => visit(ana, '2026-11-10')],
      [
        'a batch over several weeks (the demo, a backfill)',
        () => visit(carla, '2026-10-06', '2026-10-07', '2026-11-02', '2026-11-20', '2026-11-30'),
      ],
      [
        'views across the Monday boundary (00:00 in Buenos Aires is 03:00 UTC)',
        () =>
          ctx.db.insert(postViews).values([
            { postId: p1, userId: ana, viewedAt: new Date('2026-11-23T02:59:59Z') },
            { postId: p2, userId: ana, viewedAt: new Date('2026-11-23T03:00:00Z') },
            { postId: p1, userId: carla, viewedAt: new Date('2026-11-20T12:00:00Z') },
          ]),
      ],
      [
        'likes',
        async () => {
          await createLike(ctx.db, p1, ana, new Date('2026-11-17T12:00:00Z'));
          await createLike(ctx.db, p2, beto, new Date('2026-11-17T12:00:00Z'));
          await createLike(ctx.db, p3, carla, new Date('2026-11-30T02:00:00Z'));
        },
      ],
      [
        'comments',
        async () => {
          await createComment(ctx.db, p1, beto, new Date('2026-11-18T12:00:00Z'));
          await createComment(ctx.db, p3, ana, new Date('2026-11-19T12:00:00Z'));
          await createComment(ctx.db, p3, carla, new Date('2026-11-19T12:00:00Z'));
        },
      ],
      ['an unlike', () => ctx.db.delete(postLikes).where(eq(postLikes.userId, beto))],
      ['a deleted comment', () => ctx.db.delete(postComments).where(eq(postComments.userId, beto))],
      ['a seller moved to another branch', () => set(ana, { branchId: sur })],
      ['a seller deactivated', () => set(beto, { active: false })],
      [
        'a deactivated seller visits and likes (kept, not counted)',
        async () => {
          await visit(beto, '2026-11-26');
          await createLike(ctx.db, p3, beto, new Date('2026-11-26T12:00:00Z'));
        },
      ],
      ['the seller reactivated', () => set(beto, { active: true })],
      ['a seller made an administrator', () => set(carla, { role: 'admin' })],
      ['and a seller again', () => set(carla, { role: 'seller' })],
      [
        'a seller without a branch',
        async () => {
          await visit(dino, '2026-11-24');
          await createLike(ctx.db, p1, dino, new Date('2026-11-24T12:00:00Z'));
        },
      ],
      ['a seller moved to no branch', () => set(ana, { branchId: null })],
      [
        'a deleted post takes its views, likes and comments',
        () => ctx.db.delete(posts).where(eq(posts.id, p3)),
      ],
      [
        'a visit on a day already noted changes nothing',
        () => visit(ana, '2026-11-25').onConflictDoNothing(),
      ],
      ['a deleted seller', () => ctx.db.delete(users).where(eq(users.id, carla))],
      ['moved and deactivated at once', () => set(ana, { branchId: norte, active: false })],
    ];
    for (const [name, step] of steps) {
      await step();
      try {
        await expectKeptAgrees();
      } catch (error) {
        throw new Error(`después de "${name}": ${(error as Error).message}`);
      }
    }
    expect(steps.length).toBeGreaterThanOrEqual(20);

    // A like at 02:00 UTC on Monday 30 November is Sunday in Buenos Aires, Monday in UTC: the rebuild in
    // another zone moves it, and back.
    await createLike(ctx.db, p1, beto, new Date('2026-11-30T02:00:00Z'));
    await set(ana, { active: true });
    const likeWeek = () =>
      rows(sql`SELECT week::text, likes FROM engagement_week_counts WHERE likes > 0 ORDER BY 1`);
    const before = await likeWeek();
    expect(before).toContainEqual({ week: '2026-11-23', likes: 1 });
    expect(await syncPointTotalsZone(ctx.db, 'UTC')).toBe(true);
    await expectKeptAgrees();
    expect(await likeWeek()).not.toEqual(before);
    expect(await syncPointTotalsZone(ctx.db, ZONE)).toBe(true);
    await expectKeptAgrees();
    expect(await likeWeek()).toEqual(before);
  });
});
