import { MEDIA_MSG, SCHEDULE_MSG, SURVEY_MSG, ZStory, ZSurveyDetail } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../../src/db/client.ts';
import { bearer, createBranch, createUser } from '../../../src/testing/factories.ts';
import { formData, makeImage } from '../../../src/testing/images.ts';
import {
  createTestContext,
  onTwoInstances,
  scheduledPass,
  sessionsAtClock,
  type TestContext,
} from '../../../src/testing/test-app.ts';

// Stories and surveys scheduled like posts and notifications
// (docs/decisions/2026-12-05-stories-and-surveys-scheduled.md): a future publish_at keeps them from
// sellers until the worker's pass at a later clock publishes them, once.

const NOW = new Date('2026-12-04T15:00:00Z');
/** Monday 7 December, 08:00 in Buenos Aires. */
const MONDAY = '2026-12-07T11:00:00.000Z';
const AFTER = new Date('2026-12-07T11:00:05Z');
const HOUR = 3_600_000;
let clock = NOW;
let ctx: TestContext;
let sessions: ReturnType<typeof sessionsAtClock>;
let png: Buffer;
beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock });
  sessions = sessionsAtClock(ctx, () => clock);
  png = await makeImage('png', { color: '#2f9e44' });
});
afterAll(() => ctx?.close());

let branch: number;
let seller: { id: number };
beforeEach(async () => {
  clock = NOW;
  await ctx.reset();
  branch = (await createBranch(ctx.db)).id;
  const s = await createUser(ctx.db, { branchId: branch });
  seller = { id: s.id };
  sessions.reset();
});

/** The administrator and the seller, signed in at the test's clock. */
const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  sessions.as(ctx.admin.id)(method, url, payload);
const asSeller = (method: 'GET' | 'POST', url: string, payload?: object) =>
  sessions.as(seller.id)(method, url, payload);

const runWorker = (db?: Db) => scheduledPass(ctx, () => clock)(db);

const jobs = () =>
  queryRows<{ kind: string; ref_id: number; run_at: Date | string; status: string }>(
    ctx.db,
    sql`SELECT kind, ref_id, run_at, status FROM scheduled_jobs WHERE kind IN ('story', 'survey') ORDER BY id`,
  );

const createStory = async (fields: Record<string, string> = {}) => {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/stories',
    payload: formData({ title: 'Oferta del lunes', branch_id: String(branch), ...fields }, [
      { field: 'image', name: 'oferta.png', type: 'image/png', bytes: png },
    ]),
    headers: bearer(await sessions.tokenOf(ctx.admin.id)),
  });
};

const storiesSeen = async () => {
  const res = await asSeller('GET', '/api/app/stories');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((s) => s.id);
};

const QUESTIONS = [{ question_text: '¿Cómo te fue?', type: 'rating', required: true }];
const surveyBody = (fields: Record<string, unknown> = {}) => ({
  title: 'Relevamiento de diciembre',
  active: true,
  branch_id: branch,
  points_reward: 10,
  reminder_minutes: null,
  questions: QUESTIONS,
  ...fields,
});

const surveysSeen = async () => {
  const res = await asSeller('GET', '/api/app/surveys');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((s) => s.id);
};

const calendar = async () => {
  const res = await asAdmin('GET', `/api/scheduled?from=${NOW.toISOString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { kind: string; id: number; title: string; publish_at: string }[];
};

describe('a scheduled story', () => {
  it('is "Programada", invisible to a seller and not viewable, until the worker publishes it: its 24 h count from then', async () => {
    const res = await createStory({ publish_at: MONDAY });
    expect(res.statusCode, res.body).toBe(201);
    const story = ZStory.parse(res.json().data);
    expect(story).toMatchObject({ publish_at: MONDAY, is_live: false });
    // Without a start or an end it lives 24 h from its publication, not from its creation.
    expect(story.expires_at).toBe(new Date(Date.parse(MONDAY) + 24 * HOUR).toISOString());
    expect(await jobs()).toMatchObject([{ kind: 'story', ref_id: story.id, status: 'pending' }]);
    expect(await storiesSeen()).toEqual([]);
    expect((await asSeller('POST', `/api/app/stories/${story.id}/view`)).statusCode).toBe(404);
    expect(await calendar()).toMatchObject([
      { kind: 'story', id: story.id, title: 'Oferta del lunes', publish_at: MONDAY },
    ]);

    expect(await runWorker()).toBe(0);
    clock = AFTER;
    expect(await runWorker()).toBe(1);
    expect(await storiesSeen()).toEqual([story.id]);
    const listed = (await asAdmin('GET', '/api/stories')).json().data[0];
    expect(listed).toMatchObject({
      id: story.id,
      publish_at: null,
      is_live: true,
      created_at: AFTER.toISOString(),
      expires_at: new Date(AFTER.getTime() + 24 * HOUR).toISOString(),
    });
    expect(await jobs()).toMatchObject([{ status: 'done' }]);
    expect(await runWorker()).toBe(0);
  });

  it('refuses a time in the past, and a window that would be over by its publication', async () => {
    const past = await createStory({ publish_at: '2026-12-04T14:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.publish_at).toEqual([SCHEDULE_MSG.publishAtPast]);
    const endsFirst = await createStory({ publish_at: MONDAY, ends_at: '2026-12-06T12:00:00Z' });
    expect(endsFirst.statusCode).toBe(400);
    expect(endsFirst.json().errors.ends_at).toEqual([MEDIA_MSG.endsBeforePublication]);
    const startsLongBefore = await createStory({ publish_at: MONDAY, starts_at: '2026-12-05T12:00:00Z' });
    expect(startsLongBefore.statusCode).toBe(400);
    expect(startsLongBefore.json().errors.starts_at).toEqual([MEDIA_MSG.startsTooLongBeforePublication]);
    expect(await jobs()).toEqual([]);
  });

  it('"Programación": moved to another time, published now, and refused once published', async () => {
    const story = (await createStory({ publish_at: MONDAY, ends_at: '2026-12-09T12:00:00Z' })).json().data;
    const later = '2026-12-08T11:00:00.000Z';
    const moved = await asAdmin('PUT', `/api/stories/${story.id}/publication`, { publish_at: later });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.publish_at).toBe(later);
    expect(new Date((await jobs())[0]!.run_at).toISOString()).toBe(later);

    // Past its own end: it would never show.
    const tooLate = await asAdmin('PUT', `/api/stories/${story.id}/publication`, {
      publish_at: '2026-12-10T11:00:00.000Z',
    });
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().errors.publish_at).toEqual([MEDIA_MSG.endsBeforePublication]);

    const now = await asAdmin('PUT', `/api/stories/${story.id}/publication`, {});
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().data).toMatchObject({ publish_at: null, created_at: NOW.toISOString(), is_live: true });
    expect(await jobs()).toEqual([]);
    expect(await storiesSeen()).toEqual([story.id]);

    const again = await asAdmin('PUT', `/api/stories/${story.id}/publication`, { publish_at: later });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.publish_at).toEqual([SCHEDULE_MSG.alreadyPublished]);
    expect((await asAdmin('PUT', '/api/stories/999999/publication', {})).statusCode).toBe(404);
  });

  it('deleting it drops its job; a seller cannot schedule one', async () => {
    const story = (await createStory({ publish_at: MONDAY })).json().data;
    expect((await asAdmin('DELETE', `/api/stories/${story.id}`)).statusCode).toBe(204);
    expect(await jobs()).toEqual([]);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/stories/${story.id}/publication`,
      payload: {},
      headers: bearer(await sessions.tokenOf(seller.id)),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a scheduled survey', () => {
  it('is "Programada", not listed nor answerable by a seller, until the worker publishes it', async () => {
    const res = await asAdmin('POST', '/api/admin/surveys', surveyBody({ publish_at: MONDAY }));
    expect(res.statusCode, res.body).toBe(201);
    const survey = ZSurveyDetail.parse(res.json().data);
    expect(survey).toMatchObject({ publish_at: MONDAY, is_available: false });
    expect(await surveysSeen()).toEqual([]);
    const early = await asSeller('POST', `/api/app/surveys/${survey.id}/responses`, {
      answers: [{ question_id: survey.questions[0]!.id, value: 5 }],
    });
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toBe(SURVEY_MSG.surveyNotFound);
    expect(await calendar()).toMatchObject([
      { kind: 'survey', id: survey.id, title: 'Relevamiento de diciembre' },
    ]);

    clock = AFTER;
    expect(await runWorker()).toBe(1);
    const published = (await asAdmin('GET', `/api/admin/surveys/${survey.id}`)).json().data;
    expect(published).toMatchObject({
      publish_at: null,
      is_available: true,
      created_at: AFTER.toISOString(),
    });
    expect(published.version).toBeGreaterThan(survey.version);
    expect(await surveysSeen()).toEqual([survey.id]);
    const answered = await asSeller('POST', `/api/app/surveys/${survey.id}/responses`, {
      answers: [{ question_id: survey.questions[0]!.id, value: 5 }],
    });
    expect(answered.statusCode, answered.body).toBe(201);
  });

  it('an edit moves it, an edit without a time publishes it now, and a published one refuses a time', async () => {
    const survey = (await asAdmin('POST', '/api/admin/surveys', surveyBody({ publish_at: MONDAY }))).json()
      .data;
    const questions = survey.questions;
    const later = '2026-12-08T11:00:00.000Z';
    const moved = await asAdmin(
      'PUT',
      `/api/admin/surveys/${survey.id}`,
      surveyBody({ publish_at: later, questions, title: 'Relevamiento, segunda vuelta' }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ publish_at: later, title: 'Relevamiento, segunda vuelta' });
    expect(new Date((await jobs())[0]!.run_at).toISOString()).toBe(later);

    const past = await asAdmin(
      'PUT',
      `/api/admin/surveys/${survey.id}`,
      surveyBody({ publish_at: NOW.toISOString(), questions }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.publish_at).toEqual([SCHEDULE_MSG.publishAtPast]);

    const now = await asAdmin('PUT', `/api/admin/surveys/${survey.id}`, surveyBody({ questions }));
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().data).toMatchObject({ publish_at: null, is_available: true });
    expect(await jobs()).toEqual([]);
    expect(await surveysSeen()).toEqual([survey.id]);

    const again = await asAdmin(
      'PUT',
      `/api/admin/surveys/${survey.id}`,
      surveyBody({ publish_at: later, questions }),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.publish_at).toEqual([SCHEDULE_MSG.alreadyPublished]);
  });

  it('deleting it drops its job', async () => {
    const survey = (await asAdmin('POST', '/api/admin/surveys', surveyBody({ publish_at: MONDAY }))).json()
      .data;
    expect((await asAdmin('DELETE', `/api/admin/surveys/${survey.id}`)).statusCode).toBe(204);
    expect(await jobs()).toEqual([]);
  });

  it('two workers at once (two instances on one database) publish each story and survey once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await createStory({ publish_at: MONDAY, title: `Historia ${i}` })).json().data.id);
      ids.push(
        (
          await asAdmin(
            'POST',
            '/api/admin/surveys',
            surveyBody({ publish_at: MONDAY, title: `Encuesta ${i}` }),
          )
        ).json().data.id,
      );
    }
    clock = AFTER;
    const [a, b] = await onTwoInstances(ctx, runWorker);
    expect(a + b).toBe(6);
    expect((await jobs()).every((j) => j.status === 'done')).toBe(true);
    expect((await storiesSeen()).length).toBe(3);
    expect((await surveysSeen()).length).toBe(3);
  });
});
