import { MSG, SURVEY_MSG, ZSurveyDetail } from '@panel/shared';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/client.ts';
import { surveys } from '../../../src/db/schema/surveys.ts';
import { bearer, createUser, managerScene, tokenFor } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * Branch managers in Encuestas (docs/product.md#branch-managers): a manager lists, reads, edits, toggles,
 * deletes and reads the statistics and answers of their own branch's surveys; another branch's survey, or
 * one to every branch, is not there for them (404); naming another branch or every branch (branch_id 0 or
 * null) in a create or an edit is refused (403, MSG.otherBranch). What an administrator sees does not change.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
let own: number;
let other: number;
let managerToken: string;

beforeEach(async () => {
  await ctx.reset();
  ({ own, other, managerToken } = await managerScene(ctx.db));
});

const asManager = (method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: bearer(managerToken) });

function expectOtherBranch(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().message).toBe(MSG.otherBranch);
}

const QUESTIONS = [
  { question_text: '¿Te sirvió?', type: 'boolean', required: true },
  { question_text: 'Comentarios', type: 'text', required: false },
];
const survey = (branch_id: number | null, overrides: Record<string, unknown> = {}) => ({
  title: 'Capacitación de marzo',
  description: 'Ayudanos a mejorar',
  active: true,
  branch_id,
  points_reward: 10,
  reminder_minutes: null,
  questions: QUESTIONS,
  ...overrides,
});

async function createAsAdmin(branchId: number | null) {
  const res = await ctx.asAdmin('POST', '/api/admin/surveys', survey(branchId));
  expect(res.statusCode, res.body).toBe(201);
  return ZSurveyDetail.parse(res.json().data);
}

/** One survey of the manager's branch, one of another branch and one to every branch. */
async function three() {
  return { own: await createAsAdmin(own), other: await createAsAdmin(other), all: await createAsAdmin(null) };
}

const listed = async (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
};

describe('a branch manager in Encuestas', () => {
  it('lists and reads its branch surveys only (the admin still sees all)', async () => {
    const s = await three();
    expect(await listed(await asManager('GET', '/api/admin/surveys'))).toEqual([s.own.id]);
    expect(await listed(await asManager('GET', '/api/admin/surveys?branch_id=0'))).toEqual([]);
    expect(await listed(await ctx.asAdmin('GET', '/api/admin/surveys'))).toEqual([
      s.own.id,
      s.other.id,
      s.all.id,
    ]);
    const item = await asManager('GET', `/api/admin/surveys/${s.own.id}`);
    expect(item.statusCode, item.body).toBe(200);
    expect(item.json().data.questions).toHaveLength(2);
    for (const row of [s.other, s.all]) {
      const res = await asManager('GET', `/api/admin/surveys/${row.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(SURVEY_MSG.surveyNotFound);
    }
  });

  it('reads the statistics and the answers of its branch surveys, with the rate over its branch sellers', async () => {
    const s = await three();
    const seller = await createUser(ctx.db, { branchId: own });
    await createUser(ctx.db, { branchId: own });
    const sellerToken = await tokenFor(ctx.db, seller.id);
    const [yes, text] = s.own.questions;
    const answered = await ctx.app.inject({
      method: 'POST',
      url: `/api/app/surveys/${s.own.id}/responses`,
      payload: {
        answers: [
          { question_id: yes!.id, value: true },
          { question_id: text!.id, value: 'Muy útil' },
        ],
      },
      headers: bearer(sellerToken),
    });
    expect(answered.statusCode, answered.body).toBe(201);

    const stats = await asManager('GET', `/api/admin/surveys/${s.own.id}/statistics`);
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().data.response_rate).toEqual({ respondents: 1, eligible: 2, rate: 0.5 });
    const answers = await asManager('GET', `/api/admin/surveys/${s.own.id}/questions/${text!.id}/answers`);
    expect(answers.statusCode, answers.body).toBe(200);
    expect(answers.json().data.map((a: { value: string }) => a.value)).toEqual(['Muy útil']);

    for (const row of [s.other, s.all]) {
      expect((await asManager('GET', `/api/admin/surveys/${row.id}/statistics`)).statusCode).toBe(404);
      const question = row.questions[1]!.id;
      const res = await asManager('GET', `/api/admin/surveys/${row.id}/questions/${question}/answers`);
      expect(res.statusCode).toBe(404);
    }
  });

  it('creates a survey for its branch only: every branch (0 or null) or another one is 403, nothing stored', async () => {
    const created = await asManager('POST', '/api/admin/surveys', survey(own));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.branch_id).toBe(own);
    expectOtherBranch(await asManager('POST', '/api/admin/surveys', survey(other)));
    expectOtherBranch(await asManager('POST', '/api/admin/surveys', survey(0)));
    expectOtherBranch(await asManager('POST', '/api/admin/surveys', survey(null)));
    expect(await ctx.db.select({ id: surveys.id }).from(surveys)).toHaveLength(1);
    // Audited with the manager's role and the survey's branch.
    const audit = await queryRows<{ actor_role: string; branch_id: number | null }>(
      ctx.db,
      sql`SELECT actor_role, branch_id FROM audit_log WHERE entity = 'surveys' AND action = 'create'`,
    );
    expect(audit).toEqual([{ actor_role: 'branch_manager', branch_id: own }]);
  });

  it('edits and toggles its branch surveys, and cannot move one to another branch or to every branch', async () => {
    const mine = await createAsAdmin(own);
    const keep = {
      questions: mine.questions.map(({ id, question_text, type, required }) => ({
        id,
        question_text,
        type,
        required,
      })),
    };
    const edited = await asManager(
      'PUT',
      `/api/admin/surveys/${mine.id}`,
      survey(own, { ...keep, title: 'Marzo' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.title).toBe('Marzo');
    for (const branch of [other, 0, null]) {
      expectOtherBranch(await asManager('PUT', `/api/admin/surveys/${mine.id}`, survey(branch, keep)));
    }
    const toggled = await asManager('PATCH', `/api/admin/surveys/${mine.id}/toggle`, { active: false });
    expect(toggled.statusCode, toggled.body).toBe(200);
    expect(toggled.json().data.active).toBe(false);
    const [row] = await ctx.db
      .select({ branchId: surveys.branchId, title: surveys.title, active: surveys.active })
      .from(surveys)
      .where(eq(surveys.id, mine.id));
    expect(row).toEqual({ branchId: own, title: 'Marzo', active: false });
  });

  it('cannot edit, toggle or delete another branch survey nor one to every branch (404), and deletes its own', async () => {
    const s = await three();
    for (const row of [s.other, s.all]) {
      expect((await asManager('PUT', `/api/admin/surveys/${row.id}`, survey(own))).statusCode).toBe(404);
      expect(
        (await asManager('PATCH', `/api/admin/surveys/${row.id}/toggle`, { active: false })).statusCode,
      ).toBe(404);
      expect((await asManager('DELETE', `/api/admin/surveys/${row.id}`)).statusCode).toBe(404);
      // A stale If-Match does not show that it exists (412) either.
      const stale = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/surveys/${row.id}/toggle`,
        payload: { active: false },
        headers: { ...bearer(managerToken), 'if-match': '"999"' },
      });
      expect(stale.statusCode, stale.body).toBe(404);
    }
    // Its own with a stale version: 412, as for an administrator.
    const stale = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/surveys/${s.own.id}`,
      headers: { ...bearer(managerToken), 'if-match': '"999"' },
    });
    expect(stale.statusCode, stale.body).toBe(412);
    expect((await asManager('DELETE', `/api/admin/surveys/${s.own.id}`)).statusCode).toBe(204);
    const left = await ctx.db.select({ id: surveys.id, active: surveys.active }).from(surveys);
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([s.other.id, s.all.id]);
    expect(left.every((r) => r.active)).toBe(true);
  });
});
