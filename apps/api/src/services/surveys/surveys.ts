import { isSurveyAvailable, type TSurvey, type TSurveyQuestion, type ZSurveyListQuery } from '@panel/shared';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { surveyQuestions, surveys } from '../../db/schema/surveys.ts';
import { containsTextInAny, fetchPage, parseSort, textSortKey } from '../../lib/list-query.ts';
import { inBranchScope } from '../auth/branch-scope.ts';
import type { SessionUser } from '../auth/sessions.ts';

/** A survey row with its branch name and counts, as one SELECT (left join + two counted subqueries). */
export const surveyColumns = {
  id: surveys.id,
  title: surveys.title,
  description: surveys.description,
  active: surveys.active,
  branchId: surveys.branchId,
  branchName: branches.name,
  pointsReward: surveys.pointsReward,
  startDate: surveys.startDate,
  endDate: surveys.endDate,
  reminderMinutes: surveys.reminderMinutes,
  publishAt: surveys.publishAt,
  createdAt: surveys.createdAt,
  updatedAt: surveys.updatedAt,
  version: surveys.version,
  responseCount:
    sql<number>`(SELECT count(*) FROM survey_responses r WHERE r.survey_id = "surveys"."id")`.mapWith(Number),
  questionsCount:
    sql<number>`(SELECT count(*) FROM survey_questions q WHERE q.survey_id = "surveys"."id")`.mapWith(Number),
};

export type SurveyRow = {
  id: number;
  title: string;
  description: string | null;
  active: boolean;
  branchId: number | null;
  branchName: string | null;
  pointsReward: number;
  startDate: Date | null;
  endDate: Date | null;
  reminderMinutes: number | null;
  publishAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  responseCount: number;
  questionsCount: number;
};

export function selectSurveys(db: Db | Tx) {
  return db.select(surveyColumns).from(surveys).leftJoin(branches, eq(branches.id, surveys.branchId));
}

/** Surveys `user` may see and change: every one for an administrator, their branch's for a manager. */
export const surveysInScope = (user: SessionUser) => inBranchScope(user, sql`${surveys.branchId}`);

/** The survey, if `user` may see it (surveysInScope). */
export async function findSurvey(db: Db | Tx, id: number, user: SessionUser): Promise<SurveyRow | undefined> {
  const [row] = await selectSurveys(db)
    .where(and(eq(surveys.id, id), surveysInScope(user)))
    .limit(1);
  return row;
}

export function toSurveyDto(row: SurveyRow, now: Date): TSurvey {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    active: row.active,
    branch_id: row.branchId,
    branch: row.branchName === null ? null : { name: row.branchName },
    points_reward: row.pointsReward,
    start_date: row.startDate?.toISOString() ?? null,
    end_date: row.endDate?.toISOString() ?? null,
    reminder_minutes: row.reminderMinutes,
    publish_at: row.publishAt?.toISOString() ?? null,
    is_available: isSurveyAvailable(
      { active: row.active, start_date: row.startDate, end_date: row.endDate, publish_at: row.publishAt },
      now,
    ),
    response_count: row.responseCount,
    questions_count: row.questionsCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The questions of some surveys, in order, grouped by survey id. */
export async function loadQuestions(
  db: Db | Tx,
  surveyIds: number[],
): Promise<Map<number, TSurveyQuestion[]>> {
  const grouped = new Map<number, TSurveyQuestion[]>(surveyIds.map((id) => [id, []]));
  if (surveyIds.length === 0) return grouped;
  const rows = await db
    .select()
    .from(surveyQuestions)
    .where(inArray(surveyQuestions.surveyId, surveyIds))
    .orderBy(asc(surveyQuestions.surveyId), asc(surveyQuestions.order), asc(surveyQuestions.id));
  for (const q of rows) {
    grouped.get(q.surveyId)?.push({
      id: q.id,
      question_text: q.questionText,
      type: q.type,
      required: q.required,
      order: q.order,
      options: q.options ?? null,
    });
  }
  return grouped;
}

const SORT_COLUMNS = {
  title: textSortKey(surveys.title),
  created_at: sql`${surveys.createdAt}`,
  start_date: sql`${surveys.startDate}`,
  end_date: sql`${surveys.endDate}`,
} satisfies Record<string, SQL>;

/**
 * One page of surveys with their branch and counts: `q` on title and description, `active`, `branch_id`
 * (0: every branch's); newest first by default. A manager's page: their branch's surveys only.
 */
export async function selectSurveysPage(db: Db, query: z.infer<typeof ZSurveyListQuery>, user: SessionUser) {
  const conditions: SQL[] = [surveysInScope(user)];
  if (query.q) conditions.push(containsTextInAny(query.q, surveys.title, surveys.description));
  if (query.active !== undefined) conditions.push(eq(surveys.active, query.active));
  if (query.branch_id !== undefined)
    conditions.push(query.branch_id === 0 ? isNull(surveys.branchId) : eq(surveys.branchId, query.branch_id));
  const where = and(...conditions);

  const sort = query.sort ? parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'created_at') : null;
  const order = sort
    ? [
        sql`${(sort.desc ? desc : asc)(SORT_COLUMNS[sort.key])} NULLS LAST`,
        (sort.desc ? desc : asc)(surveys.id),
      ]
    : [desc(surveys.createdAt), desc(surveys.id)];
  return fetchPage(
    query,
    ({ limit, offset }) =>
      selectSurveys(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(surveys).where(where),
  );
}
