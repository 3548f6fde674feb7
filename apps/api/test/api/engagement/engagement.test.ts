import { ENGAGEMENT_MSG, ZEngagement, ZInactiveSellerList } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/client.ts';
import { notificationReads, notifications, notificationTypes } from '../../../src/db/schema/notifications.ts';
import { postViews } from '../../../src/db/schema/posts.ts';
import { surveys } from '../../../src/db/schema/surveys.ts';
import { recordVisit } from '../../../src/services/engagement/visits.ts';
import {
  bearer,
  createBranch,
  createComment,
  createLike,
  createPost,
  createSurveyResponse,
  createUser,
  tokenFor,
} from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// Wednesday 11 March 2026, 12:00 in Buenos Aires (UTC-3). With weeks=4 the period is the four complete
// weeks Monday 9 February – Sunday 8 March; the previous one 12 January – 8 February.
const NOW = new Date('2026-03-11T15:00:00Z');
const at = (iso: string) => new Date(iso);

let ctx: TestContext;
const ids = { norte: 0, sur: 0, ana: 0, beto: 0, carla: 0, fede: 0 };

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  const db = ctx.db;
  ids.norte = (await createBranch(db, { name: 'Norte' })).id;
  ids.sur = (await createBranch(db, { name: 'Sur' })).id;
  ids.ana = (await createUser(db, { name: 'Ana', branchId: ids.norte })).id;
  ids.beto = (await createUser(db, { name: 'Beto', branchId: ids.norte })).id;
  ids.fede = (await createUser(db, { name: 'Fede', branchId: ids.norte })).id; // never opened the app
  ids.carla = (await createUser(db, { name: 'Carla', branchId: ids.sur })).id;
  const dora = (await createUser(db, { name: 'Dora', branchId: ids.norte, active: false })).id;

  // Visits (business days).
  for (const [user, day] of [
    [ids.ana, '2026-02-09'],
    [ids.ana, '2026-02-10'],
    [ids.ana, '2026-03-08'], // Sunday: the last day of the period
    [ids.beto, '2026-03-02'],
    [ids.carla, '2026-01-20'], // the previous period only
    [ctx.seller.id, '2026-02-16'], // a seller without a branch: the company only
    [dora, '2026-02-09'], // deactivated: not counted
    [ctx.admin.id, '2026-02-09'], // not a seller
  ] as const) {
    await recordVisit(db, user, day);
  }

  // Posts seen, across the week boundary of Monday 2 March 00:00 local (03:00 UTC).
  const p1 = await createPost(db, ctx.admin.id);
  const p2 = await createPost(db, ctx.admin.id);
  await db.insert(postViews).values([
    { postId: p1.id, userId: ids.ana, viewedAt: at('2026-03-02T02:59:59Z') }, // Sunday 1 March 23:59:59: week 3
    { postId: p2.id, userId: ids.ana, viewedAt: at('2026-03-02T03:00:00Z') }, // Monday 2 March 00:00: week 4
    { postId: p1.id, userId: ids.beto, viewedAt: at('2026-03-09T03:00:00Z') }, // this week: outside
  ]);

  await createLike(db, p1.id, ids.ana, at('2026-02-10T12:00:00Z'));
  await createLike(db, p1.id, ids.beto, at('2026-03-03T12:00:00Z'));
  await createLike(db, p2.id, ids.ana, at('2026-03-03T12:00:00Z'));
  await createComment(db, p1.id, ids.carla, at('2026-01-20T12:00:00Z'));

  // Notifications: one to every branch in week 2 (audience: Norte 3, Sur 1, no branch 1), one to Sur in week 4.
  const [type] = await db.insert(notificationTypes).values({ name: 'Avisos' }).returning();
  const [n1, n2] = await db
    .insert(notifications)
    .values([
      {
        notificationTypeId: type!.id,
        title: 'A todos',
        message: 'Hola',
        createdAt: at('2026-02-16T12:00:00Z'),
      },
      {
        notificationTypeId: type!.id,
        branchId: ids.sur,
        title: 'Al Sur',
        message: 'Hola',
        createdAt: at('2026-03-03T12:00:00Z'),
      },
    ])
    .returning();
  await db.insert(notificationReads).values([
    { notificationId: n1!.id, userId: ids.ana, readAt: at('2026-02-16T14:00:00Z') }, // within 24 h
    { notificationId: n1!.id, userId: ids.beto, readAt: at('2026-02-17T18:00:00Z') }, // 30 h later
    { notificationId: n1!.id, userId: ids.carla, readAt: at('2026-02-16T13:00:00Z') },
  ]);
  expect(n2).toBeDefined();

  // Surveys: one to everybody, active until Friday 20 February (weeks 1 and 2, and the previous period);
  // one not active (not counted).
  const [s1, s2] = await db
    .insert(surveys)
    .values([
      {
        title: 'Clima',
        active: true,
        createdAt: at('2026-02-01T12:00:00Z'),
        endDate: at('2026-02-20T03:00:00Z'),
      },
      { title: 'Borrador', active: false, createdAt: at('2026-02-01T12:00:00Z') },
    ])
    .returning();
  await createSurveyResponse(db, s1!.id, ids.ana, at('2026-02-11T12:00:00Z'));
  await createSurveyResponse(db, s1!.id, ids.carla, at('2026-02-05T12:00:00Z'));
  await createSurveyResponse(db, s2!.id, ids.beto, at('2026-02-11T12:00:00Z'));
});
afterAll(() => ctx?.close());

const get = (url: string, token = ctx.admin.token) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('GET /api/engagement', () => {
  it('counts each measure per branch and week from the hand-computed fixture', async () => {
    const res = await get('/api/engagement?weeks=4');
    expect(res.statusCode, res.body).toBe(200);
    const data = ZEngagement.parse(res.json().data);
    expect(data.week_starts).toEqual(['2026-02-09', '2026-02-16', '2026-02-23', '2026-03-02']);
    expect(data.period).toEqual({ from: '2026-02-09', to: '2026-03-08' });
    expect(data.previous).toEqual({ from: '2026-01-12', to: '2026-02-08' });
    expect(data.branches.map((b) => b.branch_name)).toEqual(['Norte', 'Sur']);
    const [norte, sur] = data.branches;

    expect(norte!.weekly.active_sellers).toEqual([1, 0, 0, 2]);
    expect(norte!.weekly.posts_seen).toEqual([0, 0, 1, 1]);
    expect(norte!.weekly.likes_per_active).toEqual([1, 0, 0, 1]);
    expect(norte!.weekly.notifications_read_24h).toEqual([null, 0.3333, null, null]);
    expect(norte!.weekly.survey_response_rate).toEqual([0.3333, 0.3333, null, null]);
    expect(norte!.period).toEqual({
      sellers: 3,
      active_sellers: 2,
      posts_seen: 2,
      likes_per_active: 1.5,
      comments_per_active: 0,
      notifications_read_24h: 0.3333,
      survey_response_rate: 0.3333,
    });
    expect(norte!.previous).toEqual({
      sellers: 3,
      active_sellers: 0,
      posts_seen: 0,
      likes_per_active: 0,
      comments_per_active: 0,
      notifications_read_24h: null,
      survey_response_rate: 0,
    });

    expect(sur!.weekly.notifications_read_24h).toEqual([null, 1, null, 0]);
    expect(sur!.period).toEqual({
      sellers: 1,
      active_sellers: 0,
      posts_seen: 0,
      likes_per_active: 0,
      comments_per_active: 0,
      notifications_read_24h: 0.5,
      survey_response_rate: 1,
    });
    expect(sur!.previous).toMatchObject({
      active_sellers: 1,
      comments_per_active: 1,
      survey_response_rate: 1,
    });

    // The company: active sellers counted once however many weeks (Ana in two), the seller without a branch included.
    expect(data.company.weekly.active_sellers).toEqual([1, 1, 0, 2]);
    expect(data.company.period).toEqual({
      sellers: 5,
      active_sellers: 3,
      posts_seen: 2,
      likes_per_active: 1,
      comments_per_active: 0,
      notifications_read_24h: 0.3333,
      survey_response_rate: 0.4,
    });
    expect(data.company.previous).toMatchObject({ active_sellers: 1, survey_response_rate: 0.2 });
  });

  it('takes 12 and 26 complete weeks, Monday to Sunday, and 4 by default', async () => {
    const twelve = ZEngagement.parse((await get('/api/engagement?weeks=12')).json().data);
    expect(twelve.week_starts).toHaveLength(12);
    expect(twelve.week_starts[0]).toBe('2025-12-15');
    expect(twelve.previous).toEqual({ from: '2025-09-22', to: '2025-12-14' });
    expect(twelve.company.period.active_sellers).toBe(4); // Carla's January visit is in
    const six = ZEngagement.parse((await get('/api/engagement?weeks=26')).json().data);
    expect(six.week_starts).toHaveLength(26);
    expect(six.company.weekly.active_sellers).toHaveLength(26);
    expect(ZEngagement.parse((await get('/api/engagement')).json().data).weeks).toBe(4);
  });

  it('refuses any other number of weeks with a Spanish message naming the field', async () => {
    for (const weeks of ['5', '0', 'cuatro', '4.5']) {
      const res = await get(`/api/engagement?weeks=${weeks}`);
      expect(res.statusCode, weeks).toBe(400);
      expect(res.json().errors).toEqual({ weeks: [ENGAGEMENT_MSG.weeksInvalid] });
    }
  });

  it('is for administrators only', async () => {
    for (const url of ['/api/engagement', '/api/engagement/inactive', '/api/engagement/export']) {
      expect((await get(url, ctx.seller.token)).statusCode, url).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe('GET /api/engagement/inactive', () => {
  it('lists the active sellers without a visit in 14 days, by branch, with their last visit', async () => {
    const res = await get('/api/engagement/inactive');
    expect(res.statusCode, res.body).toBe(200);
    const list = ZInactiveSellerList.parse(res.json());
    expect(list.data.map((s) => [s.name, s.branch_name, s.last_visit])).toEqual([
      ['Fede', 'Norte', null],
      ['Carla', 'Sur', '2026-01-20'],
      [expect.any(String), null, '2026-02-16'],
    ]);
    expect(list.meta).toMatchObject({ page: 1, per_page: 20, total: 3, last_page: 1 });
    const sur = ZInactiveSellerList.parse(
      (await get(`/api/engagement/inactive?branch_id=${ids.sur}`)).json(),
    );
    expect(sur.data.map((s) => s.id)).toEqual([ids.carla]);
    const past = ZInactiveSellerList.parse((await get('/api/engagement/inactive?page=2')).json());
    expect(past).toMatchObject({ data: [], meta: { page: 2, total: 3 } });
  });

  it('refuses a bad branch or page', async () => {
    const branch = await get('/api/engagement/inactive?branch_id=abc');
    expect(branch.statusCode).toBe(400);
    expect(branch.json().errors).toEqual({ branch_id: [ENGAGEMENT_MSG.branchInvalid] });
    const page = await get('/api/engagement/inactive?page=0');
    expect(page.statusCode).toBe(400);
    expect(page.json().errors).toEqual({ page: [ENGAGEMENT_MSG.pageInvalid] });
  });
});

describe('GET /api/engagement/export', () => {
  it('downloads the branch table with each value and its change, the company last', async () => {
    const res = await get('/api/engagement/export?weeks=4');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="participacion-4-semanas-2026-03-11.csv"',
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Sucursal;Vendedores;Activos;Activos \(variación\);Publicaciones vistas;/);
    expect(lines[1]).toBe('Norte;3;2;;2;;1,5;;0;;33,3 %;;33,3 %;');
    expect(lines[2]).toBe('Sur;1;0;-100 %;0;;0;;0;-100 %;50 %;;100 %;0 %');
    expect(lines[3]).toBe('Total de la empresa;5;3;200 %;2;;1;;0;-100 %;33,3 %;;40 %;100 %');
    expect(lines).toHaveLength(4);
    expect((await get('/api/engagement/export?weeks=3')).statusCode).toBe(400);
  });
});

describe('app visits', () => {
  it("a seller's app calls write one row for the business day; an administrator's none", async () => {
    const eva = await createUser(ctx.db, { name: 'Eva', branchId: ids.sur });
    const token = await tokenFor(ctx.db, eva.id, NOW);
    for (let i = 0; i < 3; i++) {
      expect((await get('/api/app/feed', token)).statusCode).toBe(200);
    }
    expect((await get('/api/app/feed')).statusCode).toBe(200);
    const rows = await queryRows<{ user_id: number; day: string }>(
      ctx.db,
      sql`SELECT user_id, day::text AS day FROM app_visits WHERE day = '2026-03-11' ORDER BY user_id`,
    );
    expect(rows).toEqual([{ user_id: eva.id, day: '2026-03-11' }]);
  });
});
