import { MSG, ZUserActivity } from '@panel/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '../../../src/db/client.ts';
import { getUserActivity } from '../../../src/services/users/activity.ts';
import {
  bearer,
  createComment,
  createLike,
  createPointTransaction,
  createPost,
  createSurvey,
  createSurveyResponse,
  createUser,
} from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// 09:00 in Buenos Aires (UTC-3): the local day began at 03:00 UTC.
const NOW = new Date('2026-11-20T12:00:00Z');
const LOCAL_MIDNIGHT = new Date('2026-11-20T03:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const beforeMidnight = (ms: number) => new Date(LOCAL_MIDNIGHT.getTime() - ms);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

const activityOf = (id: number, token = ctx.admin.token) =>
  ctx.app.inject({ method: 'GET', url: `/api/users/${id}/activity`, headers: bearer(token) });

describe('GET /api/users/{id}/activity', () => {
  it('answers zeros and an empty list for a seller with no activity', async () => {
    const res = await activityOf(ctx.seller.id);
    expect(res.statusCode).toBe(200);
    const data = ZUserActivity.parse(res.json().data);
    const zero = { posts: 0, likes: 0, comments: 0 };
    expect(data).toEqual({
      user: expect.objectContaining({ id: ctx.seller.id, email: ctx.seller.email, total_points: 0 }),
      summary: { total_posts: 0, total_likes: 0, total_comments: 0, total_surveys: 0 },
      period_stats: { today: zero, last_7_days: zero, last_30_days: zero },
      recent_activity: [],
    });
  });

  it("counts the user's own rows, with periods cut at local midnights of the business time zone", async () => {
    const me = ctx.seller.id;
    const other = await createUser(ctx.db);
    // Posts: at local midnight (today), 1 minute before (yesterday), 6 days before midnight
    // (inside 7 days), 6 days + 1 minute (outside), 29 days (inside 30), 29 days + 1 minute (outside).
    const postTimes = [
      LOCAL_MIDNIGHT,
      beforeMidnight(MINUTE),
      beforeMidnight(6 * DAY),
      beforeMidnight(6 * DAY + MINUTE),
      beforeMidnight(29 * DAY),
      beforeMidnight(29 * DAY + MINUTE),
    ];
    const mine = [];
    for (const at of postTimes) mine.push(await createPost(ctx.db, me, { createdAt: at }));
    const theirs = await createPost(ctx.db, other.id, { createdAt: LOCAL_MIDNIGHT });
    // Likes and comments by me (on anyone's post) count; the other user's do not.
    await createLike(ctx.db, theirs.id, me, new Date(NOW.getTime() - MINUTE));
    await createLike(ctx.db, mine[0]!.id, other.id, NOW);
    await createComment(ctx.db, theirs.id, me, {
      createdAt: beforeMidnight(2 * DAY),
      content: 'Muy buena promo',
    });
    await createComment(ctx.db, theirs.id, me, { createdAt: beforeMidnight(40 * DAY) });
    await createComment(ctx.db, mine[0]!.id, other.id, { createdAt: NOW });
    const survey = await createSurvey(ctx.db, { title: 'Satisfacción de clientes' });
    await createSurveyResponse(ctx.db, survey.id, me, beforeMidnight(3 * DAY));
    await createPointTransaction(ctx.db, me, 10);
    await createPointTransaction(ctx.db, me, 25);
    await createPointTransaction(ctx.db, other.id, 99);

    const data = ZUserActivity.parse((await activityOf(me)).json().data);
    expect(data.user.total_points).toBe(35);
    expect(data.summary).toEqual({ total_posts: 6, total_likes: 1, total_comments: 2, total_surveys: 1 });
    expect(data.period_stats).toEqual({
      today: { posts: 1, likes: 1, comments: 0 },
      last_7_days: { posts: 3, likes: 1, comments: 1 },
      last_30_days: { posts: 5, likes: 1, comments: 1 },
    });
    expect(data.recent_activity.slice(0, 3)).toEqual([
      {
        type: 'like',
        action: 'Le dio me gusta a una publicación',
        details: expect.any(String),
        date: new Date(NOW.getTime() - MINUTE).toISOString(),
      },
      {
        type: 'post',
        action: 'Creó una publicación',
        details: mine[0]!.content,
        date: LOCAL_MIDNIGHT.toISOString(),
      },
      {
        type: 'post',
        action: 'Creó una publicación',
        details: mine[1]!.content,
        date: beforeMidnight(MINUTE).toISOString(),
      },
    ]);
    expect(data.recent_activity).toContainEqual({
      type: 'survey',
      action: 'Respondió una encuesta',
      details: 'Satisfacción de clientes',
      date: beforeMidnight(3 * DAY).toISOString(),
    });
    expect(data.recent_activity).toContainEqual(
      expect.objectContaining({ type: 'comment', details: 'Muy buena promo' }),
    );
    expect(data.recent_activity).toHaveLength(10);
  });

  it('keeps the newest 20 across every kind, newest first, and shortens long details', async () => {
    const me = ctx.seller.id;
    const long = 'Limpieza '.repeat(30);
    for (let i = 0; i < 15; i++)
      await createPost(ctx.db, me, { createdAt: beforeMidnight(i * 2 * MINUTE), content: long });
    const target = await createPost(ctx.db, (await createUser(ctx.db)).id, {
      createdAt: beforeMidnight(DAY),
    });
    for (let i = 0; i < 15; i++) {
      await createComment(ctx.db, target.id, me, { createdAt: beforeMidnight(i * 2 * MINUTE + MINUTE) });
    }
    const data = ZUserActivity.parse((await activityOf(me)).json().data);
    expect(data.recent_activity).toHaveLength(20);
    const dates = data.recent_activity.map((a) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(data.recent_activity.map((a) => a.type).slice(0, 4)).toEqual([
      'post',
      'comment',
      'post',
      'comment',
    ]);
    const postDetails = data.recent_activity.find((a) => a.type === 'post')!.details!;
    expect(postDetails).toHaveLength(120);
    expect(postDetails.endsWith('…')).toBe(true);
  });

  it('answers 404 for a missing user, 401 anonymous and 403 for a seller', async () => {
    const missing = await activityOf(999999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: MSG.userNotFound });
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/users/${ctx.seller.id}/activity` })).statusCode,
    ).toBe(401);
    expect((await activityOf(ctx.seller.id, ctx.seller.token)).statusCode).toBe(403);
  });

  it("answers the same from the prepared statements' generic plans, for other users and instants", async () => {
    const me = ctx.seller.id;
    const other = await createUser(ctx.db);
    await createPost(ctx.db, me, { createdAt: LOCAL_MIDNIGHT });
    await createPost(ctx.db, me, { createdAt: beforeMidnight(5 * DAY) });
    await createComment(ctx.db, (await createPost(ctx.db, other.id)).id, other.id, { createdAt: NOW });
    await createPointTransaction(ctx.db, me, 12);
    const AR = 'America/Argentina/Buenos_Aires';
    // On PostgreSQL, a pool whose sessions always use the generic plan of a prepared statement:
    // the one the server settles on after five calls, where parameters are not folded in.
    const database = ctx.testDb.database;
    const genericUrl = (url: string) => {
      const u = new URL(url);
      u.searchParams.set('options', '-c plan_cache_mode=force_generic_plan');
      return u.toString();
    };
    const generic =
      database.kind === 'postgres'
        ? openPostgres(
            genericUrl((database.pool.options as { connectionString: string }).connectionString),
            1,
          )
        : null;
    const db: Db = generic?.db ?? ctx.db;
    try {
      const at = (days: number) => new Date(NOW.getTime() + days * DAY);
      for (let round = 0; round < 4; round++) {
        for (const [user, now] of [
          [me, at(0)],
          [other.id, at(0)],
          [me, at(1)],
          [me, at(6)],
        ] as const) {
          expect(await getUserActivity(db, user, now, AR)).toEqual(
            await getUserActivity(ctx.db, user, now, AR),
          );
        }
      }
      const later = await getUserActivity(db, me, at(1), AR);
      expect(later?.user.total_points).toBe(12);
      expect(later?.period_stats).toEqual({
        today: { posts: 0, likes: 0, comments: 0 },
        last_7_days: { posts: 2, likes: 0, comments: 0 },
        last_30_days: { posts: 2, likes: 0, comments: 0 },
      });
      expect((await getUserActivity(db, other.id, at(0), AR))?.period_stats.today.comments).toBe(1);
    } finally {
      await generic?.close();
    }
  });
});
