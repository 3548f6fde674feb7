// zod's Spanish messages and its CSP-safe mode, set before the shared survey rules parse (lib/zod-config.ts).
import '../../lib/zod-config';
import {
  isBlankAnswer,
  normalizeSurveyAnswer,
  SURVEY_MSG,
  type TSurveyQuestion,
  type TSurveyResponseInput,
} from '@panel/shared';

/** What the form holds per question: the text typed, the option, the rating or Sí/No, or nothing yet. */
export type AnswerValue = string | number | boolean | null;

export interface CheckedAnswers {
  body: TSurveyResponseInput;
  /** question id → the message to show under it; empty when the answers can be sent. */
  errors: Record<number, string>;
}

/**
 * The same rules as the server (packages/shared): every required question answered, each answer
 * fitting its type. An optional question left blank is not sent.
 */
export function checkAnswers(
  questions: TSurveyQuestion[],
  values: Record<number, AnswerValue>,
): CheckedAnswers {
  const errors: Record<number, string> = {};
  const answers: TSurveyResponseInput['answers'] = [];
  for (const question of questions) {
    const value = values[question.id] ?? null;
    if (isBlankAnswer(value)) {
      if (question.required) errors[question.id] = SURVEY_MSG.requiredAnswerMissing;
      continue;
    }
    const check = normalizeSurveyAnswer(question, value);
    if (!check.ok) {
      errors[question.id] = check.message;
      continue;
    }
    answers.push({
      question_id: question.id,
      value: typeof value === 'string' ? value.trim() : value,
    });
  }
  return { body: { answers }, errors };
}
