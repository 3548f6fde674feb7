import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { createdAt, id, tstz, updatedAt, version } from './columns.ts';
import { users } from './users.ts';

export const surveyQuestionType = pgEnum('survey_question_type', [
  'text',
  'multiple_choice',
  'rating',
  'boolean',
]);

export const surveys = pgTable(
  'surveys',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(false),
    /** null = every branch. */
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'restrict' }),
    pointsReward: integer('points_reward').notNull().default(10),
    startDate: tstz('start_date'),
    endDate: tstz('end_date'),
    /**
     * "Recordar a quienes no respondieron" (docs/decisions/2026-12-04-reminders.md): minutes before
     * `end_date` when the audience's active sellers who have not answered get a push; null = off.
     */
    reminderMinutes: integer('reminder_minutes'),
    /**
     * "Programada" (docs/decisions/2026-12-05-stories-and-surveys-scheduled.md): when it is to be
     * published; null = published. The app lists and answers published surveys only; the scheduled
     * job sets it to null and created_at to the publication time.
     */
    publishAt: tstz('publish_at'),
    createdAt: createdAt(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('surveys_points_reward_check', sql`${t.pointsReward} >= 0`),
    check('surveys_reminder_minutes_check', sql`${t.reminderMinutes} > 0`),
    index('surveys_branch_id_idx').on(t.branchId),
    // The panel lists newest first; `q` searches title and description.
    index('surveys_created_id_idx').on(t.createdAt, t.id),
    index('surveys_title_trgm_idx').using('gin', sql`f_unaccent(lower(${t.title})) gin_trgm_ops`),
    index('surveys_description_trgm_idx').using('gin', sql`f_unaccent(lower(${t.description})) gin_trgm_ops`),
  ],
);

export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: id(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    questionText: text('question_text').notNull(),
    type: surveyQuestionType('type').notNull(),
    required: boolean('required').notNull().default(false),
    order: integer('order').notNull().default(0),
    /** The choices of a multiple_choice question; null otherwise. */
    options: jsonb('options').$type<string[] | null>(),
  },
  (t) => [index('survey_questions_survey_order_idx').on(t.surveyId, t.order)],
);

export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: id(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('survey_responses_survey_user_key').on(t.surveyId, t.userId),
    // A seller's activity: surveys answered, newest first.
    index('survey_responses_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: id(),
    responseId: integer('response_id')
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => surveyQuestions.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (t) => [
    uniqueIndex('survey_answers_response_question_key').on(t.responseId, t.questionId),
    // Statistics group one question's answers by value; text answers page newest first.
    index('survey_answers_question_id_idx').on(t.questionId, t.id),
  ],
);
