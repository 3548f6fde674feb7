import type { TSurveyQuestionInput, TSurveyQuestionType } from '@panel/shared';

/** A question as the form holds it (the body's shape; `id` only for questions already saved). */
export type FormQuestion = TSurveyQuestionInput & {
  order: number;
  required: boolean;
  options: string[] | null;
};

export const newQuestion = (order: number): FormQuestion => ({
  question_text: '',
  type: 'text',
  required: false,
  order,
  options: null,
});

/** docs/product.md#the-panels-screens: multiple choice starts with one empty option; any other type clears the options. */
export function withType(question: FormQuestion, type: TSurveyQuestionType): FormQuestion {
  if (type === question.type) return question;
  return { ...question, type, options: type === 'multiple_choice' ? [''] : null };
}

/** docs/product.md#the-panels-screens: the order values follow the list, from 0. */
export function renumber(questions: FormQuestion[]): FormQuestion[] {
  return questions.map((q, i) => (q.order === i ? q : { ...q, order: i }));
}

export function removeQuestion(questions: FormQuestion[], index: number): FormQuestion[] {
  return renumber(questions.filter((_, i) => i !== index));
}

export function moveQuestion(questions: FormQuestion[], index: number, delta: -1 | 1): FormQuestion[] {
  const target = index + delta;
  if (target < 0 || target >= questions.length) return questions;
  const next = [...questions];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return renumber(next);
}
