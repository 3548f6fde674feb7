import { SURVEY_MSG, ZAppSurvey, ZSurveyDetail, ZSurveyStatistics } from '@panel/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pointActions, pointTransactions } from '../../../src/db/schema/points.ts';
import { surveyAnswers, surveyResponses } from '../../../src/db/schema/surveys.ts';
import { bearer, createBranch, createUser, tokenFor } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function createSurvey(overrides: Record<string, unknown> = {}) {
  const res = await ctx.asAdmin('POST', '/api/admin/surveys', {
    title: 'Capacitación',
    active: true,
    points_reward: 15,
    questions: [
      { question_text: 'Calificá', type: 'rating', required: true },
      { question_text: '¿Te sirvió?', type: 'boolean', required: true },
      {
        question_text: 'Formato',
        type: 'multiple_choice',
        required: false,
        options: ['Presencial', 'Virtual'],
      },
      { question_text: 'Comentarios', type: 'text', required: false },
    ],
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZSurveyDetail.parse(res.json().data);
}

async function seller(branchId: number | null = null) {
  const user = await createUser(ctx.db, { branchId });
  return { ...user, token: await tokenFor(ctx.db, user.id) };
}

const answer = (token: string, surveyId: number, answers: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/app/surveys/${surveyId}/responses`,
    payload: { answers },
    headers: bearer(token),
  });

function fullAnswers(
  s: Awaited<ReturnType<typeof createSurvey>>,
  values: unknown[] = [5, true, 'Virtual', '  Excelente  '],
) {
  return s.questions.map((q, i) => ({ question_id: q.id, value: values[i] }));
}

async function ledger(userId: number, surveyId: number) {
  return ctx.db
    .select()
    .from(pointTransactions)
    .where(
      and(
        eq(pointTransactions.userId, userId),
        eq(pointTransactions.referenceType, 'survey'),
        eq(pointTransactions.referenceId, String(surveyId)),
      ),
    );
}

describe('POST /api/app/surveys/{id}/responses', () => {
  it('stores the response and its normalized answers, and credits points_reward in the ledger', async () => {
    const s = await createSurvey();
    const res = await answer(ctx.seller.token, s.id, fullAnswers(s));
    expect(res.statusCode, res.body).toBe(201);
    // points_reward (15) plus the complete_survey action (10) through the engine.
    expect(res.json().data).toMatchObject({ survey_id: s.id, points_awarded: 25, total_points: 25 });
    const stored = await ctx.db
      .select({ questionId: surveyAnswers.questionId, value: surveyAnswers.value })
      .from(surveyAnswers)
      .innerJoin(surveyResponses, eq(surveyResponses.id, surveyAnswers.responseId))
      .where(eq(surveyResponses.userId, ctx.seller.id));
    expect(stored.map((a) => a.value).sort()).toEqual(['5', 'Excelente', 'Virtual', 'true']);
    const rows = await ledger(ctx.seller.id, s.id);
    expect(rows.filter((r) => r.pointActionId === null).map((r) => r.points)).toEqual([15]);
    const [completeSurvey] = await ctx.db
      .select({ id: pointActions.id })
      .from(pointActions)
      .where(eq(pointActions.key, 'complete_survey'));
    expect(rows.filter((r) => r.pointActionId === completeSurvey!.id).map((r) => r.points)).toEqual([10]);
  });

  it('accepts optional questions left out or blank', async () => {
    const s = await createSurvey();
    const res = await answer(ctx.seller.token, s.id, [
      { question_id: s.questions[0]!.id, value: '3' },
      { question_id: s.questions[1]!.id, value: 'false' },
      { question_id: s.questions[3]!.id, value: '   ' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('answers 409 "Ya respondiste esta encuesta" the second time, and rewards once', async () => {
    const s = await createSurvey();
    expect((await answer(ctx.seller.token, s.id, fullAnswers(s))).statusCode).toBe(201);
    const again = await answer(ctx.seller.token, s.id, fullAnswers(s));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: SURVEY_MSG.alreadyAnswered });
    expect(await ledger(ctx.seller.id, s.id)).toHaveLength(2);
  });

  it('rewards once under two parallel submissions', async () => {
    const s = await createSurvey();
    const results = await Promise.all([
      answer(ctx.seller.token, s.id, fullAnswers(s)),
      answer(ctx.seller.token, s.id, fullAnswers(s)),
      answer(ctx.seller.token, s.id, fullAnswers(s)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toBe(SURVEY_MSG.alreadyAnswered);
    // One points_reward row and one complete_survey award: nothing twice.
    expect(await ledger(ctx.seller.id, s.id)).toHaveLength(2);
    const responses = await ctx.db.select().from(surveyResponses).where(eq(surveyResponses.surveyId, s.id));
    expect(responses).toHaveLength(1);
  });

  it('requires every required question: names the missing one, writes nothing', async () => {
    const s = await createSurvey();
    const res = await answer(ctx.seller.token, s.id, [{ question_id: s.questions[0]!.id, value: 4 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SURVEY_MSG.requiredAnswerMissing);
    expect(res.json().errors.answers).toEqual([`${SURVEY_MSG.requiredAnswerMissing}: "¿Te sirvió?"`]);
    const blankRequired = await answer(ctx.seller.token, s.id, [
      { question_id: s.questions[0]!.id, value: null },
      { question_id: s.questions[1]!.id, value: true },
    ]);
    expect(blankRequired.statusCode).toBe(400);
    expect(await ctx.db.select().from(surveyResponses)).toHaveLength(0);
    expect(await ledger(ctx.seller.id, s.id)).toHaveLength(0);
  });

  it.each([
    ['rating', 0, 0, SURVEY_MSG.ratingInvalid],
    ['rating', 0, 6, SURVEY_MSG.ratingInvalid],
    ['rating', 0, 3.5, SURVEY_MSG.ratingInvalid],
    ['rating', 0, 'cinco', SURVEY_MSG.ratingInvalid],
    ['boolean', 1, 'quizás', SURVEY_MSG.booleanInvalid],
    ['boolean', 1, 1, SURVEY_MSG.booleanInvalid],
    ['multiple_choice', 2, 'Híbrido', SURVEY_MSG.optionInvalid],
    ['multiple_choice', 2, 2, SURVEY_MSG.optionInvalid],
    ['text', 3, 'x'.repeat(2001), SURVEY_MSG.textInvalid],
    ['text', 3, 42, SURVEY_MSG.textInvalid],
  ])('refuses a wrong %s value (%#)', async (_type, index, value, message) => {
    const s = await createSurvey();
    const values: unknown[] = [5, true, 'Virtual', 'Bien'];
    values[index as number] = value;
    const res = await answer(ctx.seller.token, s.id, fullAnswers(s, values));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: { [`answers.${index}.value`]: [message] } });
    expect(await ctx.db.select().from(surveyResponses)).toHaveLength(0);
  });

  it('refuses a question of another survey and a repeated question', async () => {
    const s = await createSurvey();
    const other = await createSurvey();
    const foreign = await answer(ctx.seller.token, s.id, [
      ...fullAnswers(s),
      { question_id: other.questions[0]!.id, value: 5 },
    ]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors['answers.4.question_id']).toEqual([SURVEY_MSG.questionNotInSurvey]);
    const repeated = await answer(ctx.seller.token, s.id, [...fullAnswers(s), fullAnswers(s)[0]]);
    expect(repeated.json().errors['answers.4.question_id']).toEqual([SURVEY_MSG.questionRepeated]);
    const missingBody = await ctx.app.inject({
      method: 'POST',
      url: `/api/app/surveys/${s.id}/responses`,
      payload: {},
      headers: bearer(ctx.seller.token),
    });
    expect(missingBody.statusCode).toBe(400);
    expect(missingBody.json().message).toBe(SURVEY_MSG.answersRequired);
  });

  it('refuses a survey that is not available: inactive, not started, ended (409)', async () => {
    const inactive = await createSurvey({ active: false });
    const future = await createSurvey({ start_date: iso(DAY) });
    const past = await createSurvey({ start_date: iso(-3 * DAY), end_date: iso(-DAY) });
    for (const s of [inactive, future, past]) {
      const res = await answer(ctx.seller.token, s.id, fullAnswers(s));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: SURVEY_MSG.surveyNotAvailable });
    }
  });

  it("answers 404 for another branch's survey and a missing one", async () => {
    const north = await createBranch(ctx.db);
    const south = await createBranch(ctx.db);
    const s = await createSurvey({ branch_id: north.id });
    const southSeller = await seller(south.id);
    const res = await answer(southSeller.token, s.id, fullAnswers(s));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SURVEY_MSG.surveyNotFound });
    expect((await answer(ctx.seller.token, s.id, fullAnswers(s))).statusCode).toBe(404);
    const northSeller = await seller(north.id);
    expect((await answer(northSeller.token, s.id, fullAnswers(s))).statusCode).toBe(201);
    expect((await answer(northSeller.token, 999_999, [])).statusCode).toBe(404);
  });

  it('needs a session (401)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/surveys/1/responses',
      payload: { answers: [] },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/app/surveys', () => {
  it("lists the available surveys of the seller's branch or all, with questions and answered_by_me", async () => {
    const north = await createBranch(ctx.db);
    const south = await createBranch(ctx.db);
    const forAll = await createSurvey({ title: 'Todas' });
    await createSurvey({ title: 'Norte', branch_id: north.id });
    await createSurvey({ title: 'Sur', branch_id: south.id });
    await createSurvey({ title: 'Inactiva', active: false });
    await createSurvey({ title: 'Futura', start_date: iso(DAY) });
    const me = await seller(north.id);
    expect((await answer(me.token, forAll.id, fullAnswers(forAll))).statusCode).toBe(201);

    const res = await ctx.app.inject({ method: 'GET', url: '/api/app/surveys', headers: bearer(me.token) });
    expect(res.statusCode).toBe(200);
    const list = res.json().data.map((s: unknown) => ZAppSurvey.parse(s));
    expect(list.map((s: { title: string; answered_by_me: boolean }) => [s.title, s.answered_by_me])).toEqual([
      ['Norte', false],
      ['Todas', true],
    ]);
    expect(list[0].questions).toHaveLength(4);
    expect(res.json().meta).toEqual({ page: 1, per_page: 15, total: 2, last_page: 1 });
  });
});

describe('GET /api/admin/surveys/{id}/statistics', () => {
  it('gives distributions, the rating average and the real response rate', async () => {
    const branch = await createBranch(ctx.db);
    const s = await createSurvey({ branch_id: branch.id });
    const sellers = await Promise.all([
      seller(branch.id),
      seller(branch.id),
      seller(branch.id),
      seller(branch.id),
    ]);
    await createUser(ctx.db, { branchId: branch.id, active: false });
    await seller(null); // another branch: not eligible
    expect(
      (await answer(sellers[0]!.token, s.id, fullAnswers(s, [5, true, 'Virtual', 'Muy clara']))).statusCode,
    ).toBe(201);
    expect(
      (await answer(sellers[1]!.token, s.id, fullAnswers(s, [4, false, 'Virtual', null]))).statusCode,
    ).toBe(201);
    expect((await answer(sellers[2]!.token, s.id, fullAnswers(s, [4, true, null, 'Corta']))).statusCode).toBe(
      201,
    );

    const res = await ctx.asAdmin('GET', `/api/admin/surveys/${s.id}/statistics`);
    expect(res.statusCode).toBe(200);
    const stats = ZSurveyStatistics.parse(res.json().data);
    expect(stats).toMatchObject({
      title: 'Capacitación',
      total_responses: 3,
      questions_count: 4,
      response_rate: { respondents: 3, eligible: 4, rate: 0.75 },
    });
    const [rating, yesNo, choice, text] = stats.question_statistics;
    expect(rating).toMatchObject({
      total_answers: 3,
      average_rating: 4.33,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 },
    });
    expect(yesNo).toMatchObject({
      total_answers: 3,
      average_rating: null,
      distribution: { true: 2, false: 1 },
    });
    expect(choice).toMatchObject({ total_answers: 2, distribution: { Presencial: 0, Virtual: 2 } });
    expect(text).toMatchObject({ total_answers: 2, distribution: {} });

    const answers = await ctx.asAdmin(
      'GET',
      `/api/admin/surveys/${s.id}/questions/${text!.question_id}/answers?per_page=1`,
    );
    expect(answers.json()).toMatchObject({ data: [{ value: 'Corta' }], meta: { total: 2, last_page: 2 } });
    const page2 = await ctx.asAdmin(
      'GET',
      `/api/admin/surveys/${s.id}/questions/${text!.question_id}/answers?per_page=1&page=2`,
    );
    expect(page2.json().data[0].value).toBe('Muy clara');
  });

  it('counts every active seller for an all-branch survey; 0 rate without responses; 404s', async () => {
    const s = await createSurvey();
    const stats = (await ctx.asAdmin('GET', `/api/admin/surveys/${s.id}/statistics`)).json().data;
    expect(stats.response_rate).toEqual({ respondents: 0, eligible: 1, rate: 0 });
    expect(stats.question_statistics[0].average_rating).toBeNull();
    expect((await ctx.asAdmin('GET', '/api/admin/surveys/999999/statistics')).statusCode).toBe(404);
    const other = await createSurvey();
    const wrong = await ctx.asAdmin(
      'GET',
      `/api/admin/surveys/${s.id}/questions/${other.questions[0]!.id}/answers`,
    );
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ message: SURVEY_MSG.questionNotFound });
  });
});

describe('the complete_survey action', () => {
  it('is skipped when inactive while the survey reward is still credited', async () => {
    await ctx.db.update(pointActions).set({ active: false }).where(eq(pointActions.key, 'complete_survey'));
    const s = await createSurvey();
    const res = await answer(ctx.seller.token, s.id, fullAnswers(s));
    expect(res.json().data.points_awarded).toBe(15);
    expect(await ledger(ctx.seller.id, s.id)).toHaveLength(1);
  });
});
