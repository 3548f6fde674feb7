import { SURVEY_MSG, surveyConflict, ZSurvey, ZSurveyDetail } from '@panel/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createBranch } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const asSeller = (token: string, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: bearer(token) });

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

const ALL_TYPES = [
  { question_text: '¿Cómo calificás la capacitación?', type: 'rating', required: true },
  { question_text: '¿Te sirvió?', type: 'boolean', required: true },
  {
    question_text: '¿Qué formato preferís?',
    type: 'multiple_choice',
    required: false,
    options: ['Presencial', 'Virtual'],
  },
  { question_text: 'Comentarios', type: 'text', required: false },
];

/** The fields a PUT must send; their create defaults. */
const KEEP = { active: false, branch_id: null, points_reward: 10, reminder_minutes: null };
const survey = (overrides: Record<string, unknown> = {}) => ({
  ...KEEP,
  title: 'Capacitación de marzo',
  description: 'Ayudanos a mejorar',
  questions: ALL_TYPES,
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}) {
  const res = await ctx.asAdmin('POST', '/api/admin/surveys', survey(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return ZSurveyDetail.parse(res.json().data);
}

function expectFieldError(res: { statusCode: number; json(): unknown }, field: string, message: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { message: string; errors: Record<string, string[]> };
  expect(body.errors[field]).toContain(message);
  expect(body.message).toBe(message);
}

describe('POST /api/admin/surveys', () => {
  it('creates an inactive survey with reward 10 by default, questions in order from 0', async () => {
    const created = await create();
    expect(created).toMatchObject({
      title: 'Capacitación de marzo',
      active: false,
      points_reward: 10,
      branch_id: null,
      branch: null,
      is_available: false,
      response_count: 0,
      questions_count: 4,
    });
    expect(created.questions.map((q) => [q.order, q.type, q.options])).toEqual([
      [0, 'rating', null],
      [1, 'boolean', null],
      [2, 'multiple_choice', ['Presencial', 'Virtual']],
      [3, 'text', null],
    ]);
  });

  it('stores the branch, trims texts and drops options from non-choice questions', async () => {
    const branch = await createBranch(ctx.db, { name: 'Rosario Centro' });
    const created = await create({
      title: '  Góndolas  ',
      description: '  ',
      branch_id: branch.id,
      active: true,
      points_reward: 0,
      questions: [{ question_text: ' ¿Qué tal? ', type: 'text', options: ['x'] }],
    });
    expect(created).toMatchObject({
      title: 'Góndolas',
      description: null,
      branch: { name: 'Rosario Centro' },
      active: true,
      is_available: true,
      points_reward: 0,
    });
    expect(created.questions[0]).toMatchObject({
      question_text: '¿Qué tal?',
      options: null,
      required: false,
    });
  });

  it('treats branch_id 0 as every branch', async () => {
    expect((await create({ branch_id: 0 })).branch_id).toBeNull();
  });

  it('requires a title: "El título es obligatorio"', async () => {
    for (const title of [undefined, '   ']) {
      expectFieldError(
        await ctx.asAdmin('POST', '/api/admin/surveys', survey({ title })),
        'title',
        SURVEY_MSG.titleRequired,
      );
    }
  });

  it('requires at least one question: "Debes agregar al menos una pregunta"', async () => {
    for (const questions of [undefined, []]) {
      expectFieldError(
        await ctx.asAdmin('POST', '/api/admin/surveys', survey({ questions })),
        'questions',
        SURVEY_MSG.questionsRequired,
      );
    }
  });

  it('requires each question text', async () => {
    const res = await ctx.asAdmin(
      'POST',
      '/api/admin/surveys',
      survey({ questions: [ALL_TYPES[0], { question_text: '  ', type: 'text' }] }),
    );
    expectFieldError(res, 'questions.1.question_text', SURVEY_MSG.questionTextRequired);
  });

  it('refuses an unknown question type', async () => {
    const res = await ctx.asAdmin(
      'POST',
      '/api/admin/surveys',
      survey({ questions: [{ question_text: 'x', type: 'date' }] }),
    );
    expectFieldError(res, 'questions.0.type', SURVEY_MSG.questionTypeInvalid);
  });

  it('refuses a negative or fractional reward', async () => {
    expectFieldError(
      await ctx.asAdmin('POST', '/api/admin/surveys', survey({ points_reward: -1 })),
      'points_reward',
      SURVEY_MSG.pointsNegative,
    );
    expectFieldError(
      await ctx.asAdmin('POST', '/api/admin/surveys', survey({ points_reward: 2.5 })),
      'points_reward',
      SURVEY_MSG.pointsInteger,
    );
  });

  it('needs two non-empty, distinct options for multiple choice', async () => {
    const mc = (options: unknown) =>
      survey({ questions: [{ question_text: '¿Cuál?', type: 'multiple_choice', options }] });
    expectFieldError(
      await ctx.asAdmin('POST', '/api/admin/surveys', mc(['Sola'])),
      'questions.0.options',
      SURVEY_MSG.optionsMin,
    );
    expectFieldError(
      await ctx.asAdmin('POST', '/api/admin/surveys', mc(undefined)),
      'questions.0.options',
      SURVEY_MSG.optionsMin,
    );
    expectFieldError(
      await ctx.asAdmin('POST', '/api/admin/surveys', mc(['A', '  ', 'B'])),
      'questions.0.options.1',
      SURVEY_MSG.optionRequired,
    );
    expectFieldError(
      await ctx.asAdmin('POST', '/api/admin/surveys', mc(['Sí', 'sí'])),
      'questions.0.options',
      SURVEY_MSG.optionsDuplicated,
    );
  });

  it('needs the end after the start, and valid instants', async () => {
    expectFieldError(
      await ctx.asAdmin('POST', '/api/admin/surveys', survey({ start_date: iso(DAY), end_date: iso(0) })),
      'end_date',
      SURVEY_MSG.endBeforeStart,
    );
    expectFieldError(
      await ctx.asAdmin('POST', '/api/admin/surveys', survey({ start_date: 'mañana' })),
      'start_date',
      SURVEY_MSG.dateInvalid,
    );
  });

  it('answers 409 for a branch that does not exist, and writes nothing', async () => {
    const res = await ctx.asAdmin('POST', '/api/admin/surveys', survey({ branch_id: 999_999 }));
    expect(res.statusCode).toBe(409);
    expect((await ctx.asAdmin('GET', '/api/admin/surveys')).json().meta.total).toBe(0);
  });
});

describe('GET /api/admin/surveys', () => {
  it('pages 15 by default, newest first, with availability per docs/product.md#lists-and-query-parameters', async () => {
    for (let i = 0; i < 16; i++) await create({ title: `Encuesta ${i}` });
    const first = (await ctx.asAdmin('GET', '/api/admin/surveys')).json();
    expect(first.meta).toEqual({ page: 1, per_page: 15, total: 16, last_page: 2 });
    expect(first.data[0].title).toBe('Encuesta 15');
    for (const item of first.data) ZSurvey.parse(item);
    expect((await ctx.asAdmin('GET', '/api/admin/surveys?page=2')).json().data).toHaveLength(1);
  });

  it('computes is_available from active, start and end', async () => {
    await create({ title: 'Abierta', active: true });
    await create({ title: 'Ventana', active: true, start_date: iso(-DAY), end_date: iso(DAY) });
    await create({ title: 'Futura', active: true, start_date: iso(DAY) });
    await create({ title: 'Vencida', active: true, end_date: iso(-DAY) });
    await create({ title: 'Inactiva', active: false });
    const list = (await ctx.asAdmin('GET', '/api/admin/surveys')).json().data as {
      title: string;
      is_available: boolean;
    }[];
    expect(Object.fromEntries(list.map((s) => [s.title, s.is_available]))).toEqual({
      Abierta: true,
      Ventana: true,
      Futura: false,
      Vencida: false,
      Inactiva: false,
    });
  });

  it('searches title and description ignoring accents, and filters by active and branch', async () => {
    const branch = await createBranch(ctx.db);
    await create({ title: 'Satisfacción', active: true });
    await create({ title: 'Góndolas', description: 'Relevamiento de exhibición', branch_id: branch.id });
    const titles = async (qs: string) =>
      ((await ctx.asAdmin('GET', `/api/admin/surveys?${qs}`)).json().data as { title: string }[]).map(
        (s) => s.title,
      );
    expect(await titles('q=satisfaccion')).toEqual(['Satisfacción']);
    expect(await titles('q=EXHIBICION')).toEqual(['Góndolas']);
    expect(await titles('active=true')).toEqual(['Satisfacción']);
    expect(await titles(`branch_id=${branch.id}`)).toEqual(['Góndolas']);
    expect(await titles('branch_id=0')).toEqual(['Satisfacción']);
    expect(await titles('sort=title')).toEqual(['Góndolas', 'Satisfacción']);
  });
});

describe('GET/DELETE /api/admin/surveys/{id}, PATCH toggle', () => {
  it('returns one survey with its questions in order, 404 when missing', async () => {
    const created = await create();
    const res = await ctx.asAdmin('GET', `/api/admin/surveys/${created.id}`);
    expect(res.json().data.questions.map((q: { order: number }) => q.order)).toEqual([0, 1, 2, 3]);
    const missing = await ctx.asAdmin('GET', '/api/admin/surveys/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SURVEY_MSG.surveyNotFound });
  });

  it('toggles active and requires the flag', async () => {
    const created = await create();
    const on = await ctx.asAdmin('PATCH', `/api/admin/surveys/${created.id}/toggle`, { active: true });
    expect(on.json().data).toMatchObject({ active: true, is_available: true });
    const off = await ctx.asAdmin('PATCH', `/api/admin/surveys/${created.id}/toggle`, { active: false });
    expect(off.json().data.active).toBe(false);
    expectFieldError(
      await ctx.asAdmin('PATCH', `/api/admin/surveys/${created.id}/toggle`, {}),
      'active',
      SURVEY_MSG.activeRequired,
    );
    expect(
      (await ctx.asAdmin('PATCH', '/api/admin/surveys/999999/toggle', { active: true })).statusCode,
    ).toBe(404);
  });

  it('deletes a survey with its answers, keeps the points ledger, 404 the second time', async () => {
    const created = await create({ active: true });
    const answer = await asSeller(ctx.seller.token, 'POST', `/api/app/surveys/${created.id}/responses`, {
      answers: [
        { question_id: created.questions[0]!.id, value: 5 },
        { question_id: created.questions[1]!.id, value: true },
      ],
    });
    expect(answer.statusCode).toBe(201);
    const res = await ctx.asAdmin('DELETE', `/api/admin/surveys/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect((await ctx.asAdmin('GET', `/api/admin/surveys/${created.id}`)).statusCode).toBe(404);
    expect((await ctx.asAdmin('DELETE', `/api/admin/surveys/${created.id}`)).statusCode).toBe(404);
  });

  it('keeps panel routes for admins: 401 anonymous, 403 seller', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/surveys' })).statusCode).toBe(401);
    expect((await asSeller(ctx.seller.token, 'GET', '/api/admin/surveys')).statusCode).toBe(403);
    expect((await asSeller(ctx.seller.token, 'POST', '/api/admin/surveys', survey())).statusCode).toBe(403);
  });
});

describe('PUT /api/admin/surveys/{id}', () => {
  async function answered() {
    const created = await create({ active: true });
    const [rating, yesNo, choice, text] = created.questions;
    const res = await asSeller(ctx.seller.token, 'POST', `/api/app/surveys/${created.id}/responses`, {
      answers: [
        { question_id: rating!.id, value: 4 },
        { question_id: yesNo!.id, value: false },
        { question_id: choice!.id, value: 'Virtual' },
        { question_id: text!.id, value: 'Muy buena' },
      ],
    });
    expect(res.statusCode).toBe(201);
    return created;
  }
  const asInput = (q: {
    id: number;
    question_text: string;
    type: string;
    required: boolean;
    options: string[] | null;
  }) => ({
    id: q.id,
    question_text: q.question_text,
    type: q.type,
    required: q.required,
    options: q.options,
  });

  it('matches questions by id: edits texts, reorders, adds, removes unanswered ones', async () => {
    const created = await create();
    const [a, b, c, d] = created.questions.map(asInput);
    const res = await ctx.asAdmin('PUT', `/api/admin/surveys/${created.id}`, {
      ...KEEP,
      title: 'Nuevo título',
      questions: [
        { ...c!, options: ['Presencial', 'Virtual', 'Mixto'] },
        { ...a!, question_text: 'Calificá' },
        d,
        { question_text: 'Nueva', type: 'boolean' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = ZSurveyDetail.parse(res.json().data);
    expect(updated.title).toBe('Nuevo título');
    expect(updated.questions.map((q) => [q.id, q.order, q.question_text])).toEqual([
      [c!.id, 0, '¿Qué formato preferís?'],
      [a!.id, 1, 'Calificá'],
      [d!.id, 2, 'Comentarios'],
      [expect.any(Number), 3, 'Nueva'],
    ]);
    expect(updated.questions.some((q) => q.id === b!.id)).toBe(false);
  });

  it('allows editing texts and adding questions when answered, keeping the answers', async () => {
    const created = await answered();
    const questions = created.questions.map(asInput);
    const res = await ctx.asAdmin('PUT', `/api/admin/surveys/${created.id}`, {
      ...KEEP,
      title: 'Editada',
      active: true,
      questions: [
        ...questions.map((q) => ({ ...q, question_text: `${q.question_text} (v2)` })),
        { question_text: 'Extra', type: 'text' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ response_count: 1, questions_count: 5 });
    const stats = (await ctx.asAdmin('GET', `/api/admin/surveys/${created.id}/statistics`)).json().data;
    expect(stats.question_statistics[0]).toMatchObject({
      question_text: '¿Cómo calificás la capacitación? (v2)',
      total_answers: 1,
    });
  });

  it('refuses to remove an answered question (409), writing nothing', async () => {
    const created = await answered();
    const [, ...rest] = created.questions.map(asInput);
    const res = await ctx.asAdmin('PUT', `/api/admin/surveys/${created.id}`, {
      ...KEEP,
      title: 'Otra',
      questions: rest,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(surveyConflict.removeAnswered('¿Cómo calificás la capacitación?'));
    const after = (await ctx.asAdmin('GET', `/api/admin/surveys/${created.id}`)).json().data;
    expect(after.title).toBe('Capacitación de marzo');
    expect(after.questions).toHaveLength(4);
  });

  it('refuses to retype an answered question, or drop a chosen option (409)', async () => {
    const created = await answered();
    const questions = created.questions.map(asInput);
    const retyped = questions.map((q, i) => (i === 1 ? { ...q, type: 'text', options: null } : q));
    const res = await ctx.asAdmin('PUT', `/api/admin/surveys/${created.id}`, {
      ...KEEP,
      title: 'x',
      questions: retyped,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(surveyConflict.retypeAnswered('¿Te sirvió?'));

    const dropped = questions.map((q, i) => (i === 2 ? { ...q, options: ['Presencial', 'Mixto'] } : q));
    const res2 = await ctx.asAdmin('PUT', `/api/admin/surveys/${created.id}`, {
      ...KEEP,
      title: 'x',
      questions: dropped,
    });
    expect(res2.statusCode).toBe(409);
    expect(res2.json().message).toBe(
      surveyConflict.removeAnsweredOption('¿Qué formato preferís?', 'Virtual'),
    );

    // An option nobody chose can go.
    const ok = questions.map((q, i) => (i === 2 ? { ...q, options: ['Virtual', 'Mixto'] } : q));
    expect(
      (await ctx.asAdmin('PUT', `/api/admin/surveys/${created.id}`, { ...KEEP, title: 'x', questions: ok }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a question id of another survey (400) and a missing survey (404)', async () => {
    const one = await create();
    const other = await create();
    const res = await ctx.asAdmin('PUT', `/api/admin/surveys/${one.id}`, {
      ...KEEP,
      title: 'x',
      questions: [asInput(other.questions[0]!)],
    });
    expectFieldError(res, 'questions.0.id', SURVEY_MSG.questionNotInSurvey);
    const missing = await ctx.asAdmin('PUT', '/api/admin/surveys/999999', survey());
    expect(missing.statusCode).toBe(404);
  });

  it('validates the body like create', async () => {
    const created = await create();
    expectFieldError(
      await ctx.asAdmin('PUT', `/api/admin/surveys/${created.id}`, survey({ title: '' })),
      'title',
      SURVEY_MSG.titleRequired,
    );
  });
});
