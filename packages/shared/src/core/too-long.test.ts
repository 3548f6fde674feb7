import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZBranchInput } from '../catalog/branches.ts';
import { EVENT_MSG, ZEventInput, ZEventTypeInput } from '../content/events.ts';
import { SURVEY_MSG, ZSurveyInput } from '../surveys/surveys.ts';
import { MSG } from './messages.ts';

/**
 * A field whose schema carries its "required" text (z.string({ error })) hands that text to every
 * check without its own, so a too-long name used to read "El nombre es obligatorio".
 */
const cases: Array<[string, z.ZodType, Record<string, unknown>, string, number, string]> = [
  ['branch name', ZBranchInput, {}, 'name', 120, MSG.branchNameTooLong],
  ['event type name', ZEventTypeInput, { color: '#FF0000' }, 'name', 80, EVENT_MSG.nameTooLong],
  [
    'event title',
    ZEventInput,
    { start_at: '2026-03-02T13:00:00.000Z', end_at: '2026-03-02T14:00:00.000Z' },
    'title',
    150,
    EVENT_MSG.titleTooLong,
  ],
  ['survey title', ZSurveyInput, { questions: [] }, 'title', 200, SURVEY_MSG.titleTooLong],
];

describe('a too-long required text', () => {
  it.each(cases)('%s: one character over the limit names the limit', (_, schema, rest, field, max, text) => {
    const fits = schema.safeParse({ ...rest, [field]: 'a'.repeat(max) });
    const fieldErrors = (r: typeof fits) =>
      r.success ? [] : r.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
    expect(fieldErrors(fits)).toEqual([]);
    expect(fieldErrors(schema.safeParse({ ...rest, [field]: 'a'.repeat(max + 1) }))).toEqual([text]);
  });
});
