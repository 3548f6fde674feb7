import { SCHEDULE_MSG, SURVEY_MSG, surveyConflict, type TSurveyInputParsed } from '@panel/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { surveyAnswers, surveyQuestions, surveys } from '../../db/schema/surveys.ts';
import { conflict, fieldError, notFound } from '../../lib/http-errors.ts';
import { assertBranchInScope } from '../auth/branch-scope.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { cancelJob, lockScheduled, publishNow, scheduleJob } from '../scheduling/jobs.ts';
import { publishAtFrom } from '../scheduling/publish-at.ts';
import { syncSurveyReminder } from '../scheduling/reminders.ts';
import { surveysInScope } from './surveys.ts';

type SurveyFields = Omit<TSurveyInputParsed, 'questions'>;

function surveyValues(input: SurveyFields) {
  return {
    title: input.title,
    description: input.description,
    active: input.active,
    branchId: input.branch_id,
    pointsReward: input.points_reward,
    startDate: input.start_date ? new Date(input.start_date) : null,
    endDate: input.end_date ? new Date(input.end_date) : null,
    reminderMinutes: input.reminder_minutes,
  };
}

const questionValues = (q: TSurveyInputParsed['questions'][number], order: number) => ({
  questionText: q.question_text,
  type: q.type,
  required: q.required,
  order,
  options: q.options,
});

/**
 * A new survey and its questions, stored in the order of the list (0, 1, 2…). Ids sent are ignored.
 * A manager may only make one for their own branch (403 for another, or for every branch). With a
 * `publish_at` it is "Programada" and its job is written with it (docs/product.md#scheduled-publishing).
 */
export async function createSurvey(
  tx: Tx,
  input: TSurveyInputParsed,
  now: Date,
  user: SessionUser,
): Promise<number> {
  const publishAt = publishAtFrom(input.publish_at, now);
  assertBranchInScope(user, input.branch_id);
  const [row] = await tx
    .insert(surveys)
    .values({ ...surveyValues(input), publishAt })
    .returning({ id: surveys.id });
  if (publishAt) await scheduleJob(tx, 'survey', row!.id, publishAt);
  await tx
    .insert(surveyQuestions)
    .values(input.questions.map((q, i) => ({ ...questionValues(q, i), surveyId: row!.id })));
  await syncSurveyReminder(tx, row!.id, now);
  return row!.id;
}

/**
 * Updates a survey and matches its questions by id: new ones are added, sent ones updated,
 * missing ones removed. Answers stay consistent: a question with answers cannot be removed nor
 * change type, and an option somebody chose cannot disappear (409). Texts, required and order
 * may change freely. The survey row is locked so no answer slips in between check and write.
 * A manager edits their branch's surveys only (404 for the others) and cannot move one to another
 * branch or to every branch (403). A scheduled one moves to another future `publish_at`, or without
 * one is published now; a published one refuses `publish_at` (as a notification's PUT).
 */
export async function updateSurvey(
  tx: Tx,
  id: number,
  input: TSurveyInputParsed,
  now: Date,
  user: SessionUser,
): Promise<void> {
  const publishAt = publishAtFrom(input.publish_at, now);
  // The publication's job row first, then the survey: the scheduled worker's order (no deadlock).
  const scheduled = await lockScheduled(tx, 'survey', id);
  const [locked] = await tx
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(eq(surveys.id, id), surveysInScope(user)))
    .for('update');
  if (!locked) throw notFound(SURVEY_MSG.surveyNotFound);
  assertBranchInScope(user, input.branch_id);

  const existing = await tx.select().from(surveyQuestions).where(eq(surveyQuestions.surveyId, id));
  const byId = new Map(existing.map((q) => [q.id, q]));
  const answered = await answeredValues(tx, existing);

  input.questions.forEach((q, i) => {
    if (q.id === undefined) return;
    const current = byId.get(q.id);
    if (!current) throw fieldError(`questions.${i}.id`, SURVEY_MSG.questionNotInSurvey);
    const values = answered.get(q.id);
    if (!values) return;
    if (current.type !== q.type) throw conflict(surveyConflict.retypeAnswered(current.questionText));
    if (q.type === 'multiple_choice') {
      const kept = new Set(q.options ?? []);
      const lost = [...values].find((v) => !kept.has(v));
      if (lost !== undefined) throw conflict(surveyConflict.removeAnsweredOption(current.questionText, lost));
    }
  });
  const sentIds = new Set(input.questions.map((q) => q.id).filter((v) => v !== undefined));
  const removed = existing.filter((q) => !sentIds.has(q.id));
  const answeredRemoval = removed.find((q) => answered.has(q.id));
  if (answeredRemoval) throw conflict(surveyConflict.removeAnswered(answeredRemoval.questionText));
  if (publishAt && !scheduled) throw fieldError('publish_at', SCHEDULE_MSG.alreadyPublished);

  await tx
    .update(surveys)
    .set({ ...surveyValues(input), ...(publishAt && { publishAt }), updatedAt: now })
    .where(eq(surveys.id, id));
  if (publishAt) await scheduleJob(tx, 'survey', id, publishAt);
  else if (scheduled) {
    // Scheduled, and sent without a time: published now.
    await cancelJob(tx, 'survey', id);
    await publishNow(tx, 'survey', id, now);
  }
  if (removed.length > 0) {
    await tx.delete(surveyQuestions).where(
      inArray(
        surveyQuestions.id,
        removed.map((q) => q.id),
      ),
    );
  }
  const inserts: (typeof surveyQuestions.$inferInsert)[] = [];
  for (const [i, q] of input.questions.entries()) {
    if (q.id === undefined) {
      inserts.push({ ...questionValues(q, i), surveyId: id });
      continue;
    }
    await tx
      .update(surveyQuestions)
      .set(questionValues(q, i))
      .where(and(eq(surveyQuestions.id, q.id), eq(surveyQuestions.surveyId, id)));
  }
  if (inserts.length > 0) await tx.insert(surveyQuestions).values(inserts);
  await syncSurveyReminder(tx, id, now);
}

/**
 * For each answered question, the distinct values given; only choices are listed (for multiple
 * choice they matter), other types get an empty set, so free text is never read in bulk.
 */
async function answeredValues(
  tx: Tx,
  questions: { id: number; type: string }[],
): Promise<Map<number, Set<string>>> {
  const result = new Map<number, Set<string>>();
  if (questions.length === 0) return result;
  const answeredIds = await tx
    .selectDistinct({ questionId: surveyAnswers.questionId })
    .from(surveyAnswers)
    .where(
      inArray(
        surveyAnswers.questionId,
        questions.map((q) => q.id),
      ),
    );
  for (const row of answeredIds) result.set(row.questionId, new Set());
  const choiceIds = questions
    .filter((q) => q.type === 'multiple_choice' && result.has(q.id))
    .map((q) => q.id);
  if (choiceIds.length === 0) return result;
  const choices = await tx
    .selectDistinct({ questionId: surveyAnswers.questionId, value: surveyAnswers.value })
    .from(surveyAnswers)
    .where(inArray(surveyAnswers.questionId, choiceIds));
  for (const row of choices) result.get(row.questionId)?.add(row.value);
  return result;
}
