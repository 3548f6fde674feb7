import { describe, expect, it } from 'vitest';
import { type FormQuestion, moveQuestion, newQuestion, removeQuestion, withType } from './question-rules';

const q = (text: string, order: number, extra: Partial<FormQuestion> = {}): FormQuestion => ({
  ...newQuestion(order),
  question_text: text,
  ...extra,
});

describe('question rules (docs/product.md#the-panels-screens)', () => {
  it('starts multiple choice with one empty option and clears options for other types', () => {
    const mc = withType(q('A', 0), 'multiple_choice');
    expect(mc.options).toEqual(['']);
    const filled = { ...mc, options: ['Sí', 'No'] };
    expect(withType(filled, 'multiple_choice').options).toEqual(['Sí', 'No']);
    for (const type of ['text', 'rating', 'boolean'] as const)
      expect(withType(filled, type).options).toBeNull();
  });

  it('renumbers the order from 0 when a question is removed', () => {
    const list = [q('A', 0), q('B', 1), q('C', 2)];
    expect(removeQuestion(list, 0).map((x) => [x.question_text, x.order])).toEqual([
      ['B', 0],
      ['C', 1],
    ]);
  });

  it('moves a question up or down, keeping ids, and ignores moves past the ends', () => {
    const list = [q('A', 0, { id: 7 }), q('B', 1), q('C', 2)];
    expect(moveQuestion(list, 0, 1).map((x) => [x.question_text, x.order, x.id])).toEqual([
      ['B', 0, undefined],
      ['A', 1, 7],
      ['C', 2, undefined],
    ]);
    expect(moveQuestion(list, 0, -1)).toBe(list);
    expect(moveQuestion(list, 2, 1)).toBe(list);
  });
});
