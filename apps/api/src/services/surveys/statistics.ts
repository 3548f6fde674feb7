import {
  SURVEY_RATING_VALUES,
  type TSurveyQuestion,
  type TSurveyQuestionStatistics,
  type TSurveyStatistics,
} from '@panel/shared';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { surveyAnswers, surveyResponses } from '../../db/schema/surveys.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The statistics dialog's numbers, computed in the database (counts grouped by value), never by
 * loading answers into memory. Response rate per docs/product.md#the-two-readings-settled.
 */
export async function surveyStatistics(
  db: Db,
  survey: { id: number; title: string; branchId: number | null; responseCount: number },
  questions: TSurveyQuestion[],
): Promise<TSurveyStatistics> {
  const ids = questions.map((q) => q.id);
  const closedIds = questions.filter((q) => q.type !== 'text').map((q) => q.id);
  const [totals, values, rate] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({ questionId: surveyAnswers.questionId, n: count() })
          .from(surveyAnswers)
          .where(inArray(surveyAnswers.questionId, ids))
          .groupBy(surveyAnswers.questionId),
    closedIds.length === 0
      ? []
      : db
          .select({ questionId: surveyAnswers.questionId, value: surveyAnswers.value, n: count() })
          .from(surveyAnswers)
          .where(inArray(surveyAnswers.questionId, closedIds))
          .groupBy(surveyAnswers.questionId, surveyAnswers.value),
    responseRate(db, survey),
  ]);
  const totalBy = new Map(totals.map((t) => [t.questionId, t.n]));
  const valuesBy = new Map<number, { value: string; n: number }[]>();
  for (const v of values) valuesBy.set(v.questionId, [...(valuesBy.get(v.questionId) ?? []), v]);

  return {
    title: survey.title,
    total_responses: survey.responseCount,
    questions_count: questions.length,
    response_rate: rate,
    question_statistics: questions.map((q) =>
      questionStatistics(q, totalBy.get(q.id) ?? 0, valuesBy.get(q.id) ?? []),
    ),
  };
}

/** Pure: the distribution (with the expected keys at 0) and the rating average of one question. */
export function questionStatistics(
  question: TSurveyQuestion,
  totalAnswers: number,
  counts: { value: string; n: number }[],
): TSurveyQuestionStatistics {
  const distribution: Record<string, number> = {};
  if (question.type === 'rating') for (const r of SURVEY_RATING_VALUES) distribution[String(r)] = 0;
  if (question.type === 'boolean') Object.assign(distribution, { true: 0, false: 0 });
  if (question.type === 'multiple_choice') for (const o of question.options ?? []) distribution[o] = 0;
  if (question.type !== 'text')
    for (const c of counts) distribution[c.value] = (distribution[c.value] ?? 0) + c.n;

  let average: number | null = null;
  if (question.type === 'rating') {
    const answered = counts.reduce((sum, c) => sum + c.n, 0);
    const weighted = counts.reduce((sum, c) => sum + Number(c.value) * c.n, 0);
    average = answered > 0 ? Math.round((weighted / answered) * 100) / 100 : null;
  }
  return {
    question_id: question.id,
    question_text: question.question_text,
    type: question.type,
    required: question.required,
    options: question.options,
    total_answers: totalAnswers,
    average_rating: average,
    distribution,
  };
}

/** Respondents among the eligible sellers ÷ eligible sellers (active sellers of the branch, or all). */
async function responseRate(db: Db, survey: { id: number; branchId: number | null }) {
  const eligible: SQL[] = [eq(users.role, 'seller'), eq(users.active, true)];
  if (survey.branchId !== null) eligible.push(eq(users.branchId, survey.branchId));
  const [[all], [answered]] = await Promise.all([
    db
      .select({ n: count() })
      .from(users)
      .where(and(...eligible)),
    db
      .select({ n: count() })
      .from(surveyResponses)
      .innerJoin(users, eq(users.id, surveyResponses.userId))
      .where(and(eq(surveyResponses.surveyId, survey.id), ...eligible)),
  ]);
  const total = all?.n ?? 0;
  const respondents = answered?.n ?? 0;
  return { respondents, eligible: total, rate: total > 0 ? respondents / total : 0 };
}
