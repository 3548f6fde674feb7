import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isSurveyAvailable,
  normalizeSurveyAnswer,
  SURVEY_MSG,
  SURVEY_REMINDER_OPTIONS,
  ZSurveyInput,
  ZSurveyUpdate,
} from './surveys.ts';

const now = new Date('2026-11-22T12:00:00Z');

describe('isSurveyAvailable (docs/product.md#surveys-availability-and-answers)', () => {
  it('needs active, started (when a start is set) and not ended (when an end is set)', () => {
    const base = { active: true, start_date: null, end_date: null };
    expect(isSurveyAvailable(base, now)).toBe(true);
    expect(isSurveyAvailable({ ...base, active: false }, now)).toBe(false);
    expect(isSurveyAvailable({ ...base, start_date: '2026-11-22T12:00:00Z' }, now)).toBe(true);
    expect(isSurveyAvailable({ ...base, start_date: '2026-11-22T12:00:01Z' }, now)).toBe(false);
    expect(isSurveyAvailable({ ...base, end_date: '2026-11-22T12:00:00Z' }, now)).toBe(true);
    expect(isSurveyAvailable({ ...base, end_date: '2026-11-22T11:59:59Z' }, now)).toBe(false);
  });
  it('is not available while scheduled (docs/product.md#scheduled-publishing)', () => {
    const base = { active: true, start_date: null, end_date: null };
    expect(isSurveyAvailable({ ...base, publish_at: '2026-11-23T11:00:00Z' }, now)).toBe(false);
    expect(isSurveyAvailable({ ...base, publish_at: null }, now)).toBe(true);
  });
});

describe('normalizeSurveyAnswer', () => {
  const rating = { type: 'rating' as const, options: null };
  it('accepts ratings 1 to 5 as integers (or their digits) and nothing else', () => {
    for (const v of [1, 5, '3', ' 4 ']) expect(normalizeSurveyAnswer(rating, v).ok).toBe(true);
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.string(), fc.boolean()), (v) => {
        const result = normalizeSurveyAnswer(rating, v);
        const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
        const valid = typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 5;
        expect(result.ok).toBe(valid);
        if (!result.ok) expect(result.message).toBe(SURVEY_MSG.ratingInvalid);
      }),
    );
  });

  it('stores booleans as "true"/"false", options as themselves and text trimmed', () => {
    expect(normalizeSurveyAnswer({ type: 'boolean', options: null }, false)).toEqual({
      ok: true,
      value: 'false',
    });
    expect(normalizeSurveyAnswer({ type: 'boolean', options: null }, 'sí').ok).toBe(false);
    const choice = { type: 'multiple_choice' as const, options: ['Sí', 'No'] };
    expect(normalizeSurveyAnswer(choice, ' No ')).toEqual({ ok: true, value: 'No' });
    expect(normalizeSurveyAnswer(choice, 'no').ok).toBe(false);
    const text = { type: 'text' as const, options: null };
    expect(normalizeSurveyAnswer(text, '  hola  ')).toEqual({ ok: true, value: 'hola' });
    expect(normalizeSurveyAnswer(text, 'x'.repeat(2001)).ok).toBe(false);
    expect(normalizeSurveyAnswer(text, '   ').ok).toBe(false);
  });
});

describe('ZSurveyInput', () => {
  it('defaults to inactive, reward 10 and every branch, and drops options of non-choice questions', () => {
    const parsed = ZSurveyInput.parse({
      title: 'T',
      branch_id: 0,
      questions: [{ question_text: 'Q', type: 'rating', options: ['x'] }],
    });
    expect(parsed).toMatchObject({ active: false, points_reward: 10, branch_id: null });
    expect(parsed.questions[0]).toMatchObject({ required: false, options: null });
  });
});

describe('"Recordar a quienes no respondieron" (docs/decisions/2026-12-04-reminders.md)', () => {
  const body = (fields: Record<string, unknown>) => ({
    title: 'T',
    questions: [{ question_text: 'Q', type: 'boolean' }],
    ...fields,
  });

  it('is off unless chosen, and takes one of the offered times', () => {
    expect(ZSurveyInput.parse(body({})).reminder_minutes).toBeNull();
    for (const { minutes } of SURVEY_REMINDER_OPTIONS)
      expect(
        ZSurveyInput.parse(body({ end_date: '2026-12-07T15:00:00Z', reminder_minutes: minutes }))
          .reminder_minutes,
      ).toBe(minutes);
    const odd = ZSurveyInput.safeParse(body({ end_date: '2026-12-07T15:00:00Z', reminder_minutes: 30 }));
    expect(odd.error?.issues.map((i) => i.message)).toEqual([SURVEY_MSG.reminderInvalid]);
  });

  it('needs a close date', () => {
    const result = ZSurveyInput.safeParse(body({ reminder_minutes: 60 }));
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['reminder_minutes', SURVEY_MSG.reminderNeedsEnd],
    ]);
  });

  it('must be sent on PUT (null: off)', () => {
    const put = { ...body({}), active: true, branch_id: null, points_reward: 10 };
    expect(ZSurveyUpdate.safeParse(put).success).toBe(false);
    expect(ZSurveyUpdate.parse({ ...put, reminder_minutes: null }).reminder_minutes).toBeNull();
  });
});
