import {
  isBlankAnswer,
  isSurveyAvailable,
  normalizeSurveyAnswer,
  SURVEY_MSG,
  type TSurveyResponseResult,
} from '@panel/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { surveyAnswers, surveyQuestions, surveyResponses, surveys } from '../../db/schema/surveys.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { award, creditPoints, isSeller } from '../points/award.ts';

export interface AnswerSurveyInput {
  surveyId: number;
  user: { id: number; branch_id: number | null };
  answers: { question_id: number; value: unknown }[];
  now: Date;
}

/**
 * A seller's answer (docs/product.md#surveys-availability-and-answers): only while the survey is available and meant for the
 * seller's branch (or all), once per seller, every required question answered and each value
 * valid for its type. The response, its answers and the points are written in one transaction;
 * the unique (survey, user) index makes a second, parallel submission fail as a whole (409), so
 * the reward is given once.
 */
export async function answerSurvey(
  db: Db,
  input: AnswerSurveyInput,
  log?: FastifyBaseLogger,
): Promise<TSurveyResponseResult> {
  return db.transaction(async (tx) => {
    // FOR SHARE: an edit of the survey (FOR UPDATE) waits for this answer, and vice versa.
    const [survey] = await tx
      .select({
        id: surveys.id,
        title: surveys.title,
        active: surveys.active,
        branchId: surveys.branchId,
        pointsReward: surveys.pointsReward,
        startDate: surveys.startDate,
        endDate: surveys.endDate,
        publishAt: surveys.publishAt,
      })
      .from(surveys)
      .where(eq(surveys.id, input.surveyId))
      .for('share');
    // A scheduled survey is invisible to sellers until published (docs/product.md#scheduled-publishing).
    if (
      !survey ||
      survey.publishAt !== null ||
      (survey.branchId !== null && survey.branchId !== input.user.branch_id)
    )
      throw notFound(SURVEY_MSG.surveyNotFound);
    if (
      !isSurveyAvailable(
        { active: survey.active, start_date: survey.startDate, end_date: survey.endDate },
        input.now,
      )
    )
      throw conflict(SURVEY_MSG.surveyNotAvailable);
    const [previous] = await tx
      .select({ id: surveyResponses.id })
      .from(surveyResponses)
      .where(and(eq(surveyResponses.surveyId, survey.id), eq(surveyResponses.userId, input.user.id)));
    if (previous) throw conflict(SURVEY_MSG.alreadyAnswered);

    const questions = await tx.select().from(surveyQuestions).where(eq(surveyQuestions.surveyId, survey.id));
    const values = checkAnswers(questions, input.answers);

    const [response] = await tx
      .insert(surveyResponses)
      .values({ surveyId: survey.id, userId: input.user.id, createdAt: input.now })
      .returning({ id: surveyResponses.id, createdAt: surveyResponses.createdAt });
    if (values.length > 0)
      await tx
        .insert(surveyAnswers)
        .values(values.map((v) => ({ responseId: response!.id, questionId: v.questionId, value: v.value })));

    const points = await rewardSurveyAnswer(
      tx,
      {
        userId: input.user.id,
        survey: { id: survey.id, title: survey.title, pointsReward: survey.pointsReward },
        now: input.now,
      },
      log,
    );
    return {
      response_id: response!.id,
      survey_id: survey.id,
      points_awarded: points,
      created_at: response!.createdAt.toISOString(),
    };
  });
}

type QuestionRow = typeof surveyQuestions.$inferSelect;

/** The rows to store, or a 400 naming the answer (`answers.<i>.…`) or the unanswered question. */
export function checkAnswers(
  questions: QuestionRow[],
  answers: { question_id: number; value: unknown }[],
): { questionId: number; value: string }[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const seen = new Set<number>();
  const rows: { questionId: number; value: string }[] = [];
  for (const [i, answer] of answers.entries()) {
    const question = byId.get(answer.question_id);
    if (!question) throw fieldError(`answers.${i}.question_id`, SURVEY_MSG.questionNotInSurvey);
    if (seen.has(question.id)) throw fieldError(`answers.${i}.question_id`, SURVEY_MSG.questionRepeated);
    seen.add(question.id);
    if (isBlankAnswer(answer.value) && !question.required) continue;
    const checked = normalizeSurveyAnswer(
      { type: question.type, options: question.options ?? null },
      answer.value,
    );
    if (!checked.ok) throw fieldError(`answers.${i}.value`, checked.message);
    rows.push({ questionId: question.id, value: checked.value });
  }
  const missing = questions
    .filter((q) => q.required && !rows.some((r) => r.questionId === q.id))
    .sort((a, b) => a.order - b.order);
  if (missing.length > 0) {
    throw badRequest(SURVEY_MSG.requiredAnswerMissing, {
      answers: missing.map((q) => `${SURVEY_MSG.requiredAnswerMissing}: "${q.questionText}"`),
    });
  }
  return rows;
}

const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });

/**
 * The points of an answer, inside the answer's transaction: the survey's own reward
 * (points_reward, a ledger row that is not an action award) and the complete_survey action through
 * the engine, which applies its limits and gives it once per (user, survey). Returns the total.
 */
export async function rewardSurveyAnswer(
  tx: Tx,
  input: { userId: number; survey: { id: number; title: string; pointsReward: number }; now: Date },
  log?: FastifyBaseLogger,
): Promise<number> {
  const reference = { type: 'survey', id: input.survey.id };
  if (!(await isSeller(tx, input.userId))) return 0;
  let total = 0;
  if (input.survey.pointsReward > 0) {
    await creditPoints(tx, {
      userId: input.userId,
      points: input.survey.pointsReward,
      description: `Encuesta respondida: ${input.survey.title}`,
      reference,
      now: input.now,
    });
    total += input.survey.pointsReward;
  }
  const completed = await award(
    tx,
    { userId: input.userId, actionKey: 'complete_survey', reference, now: input.now },
    log,
  );
  if (completed.awarded) total += completed.points;
  return total;
}
