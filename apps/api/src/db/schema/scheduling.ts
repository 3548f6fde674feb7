import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';

/**
 * What a scheduled job does: publish a post, a notification, a story or a survey (docs/decisions/2026-12-04-scheduled-publishing.md),
 * or send a survey's or an event's reminder (docs/decisions/2026-12-04-reminders.md).
 */
export const SCHEDULED_KINDS = [
  'post',
  'notification',
  'story',
  'survey',
  'survey_reminder',
  'event_reminder',
] as const;
export type ScheduledKind = (typeof SCHEDULED_KINDS)[number];

/**
 * Scheduled publishing (docs/decisions/2026-12-04-scheduled-publishing.md): one row per record and
 * kind, written in the transaction that schedules it; an edit moves `run_at` while it is pending.
 * The push worker's loop claims due rows (FOR UPDATE SKIP LOCKED) and publishes the record and marks
 * the row done in one transaction: exactly once. A trigger (migration 0029) deletes the row with its
 * record.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: id(),
    kind: text('kind', { enum: SCHEDULED_KINDS }).notNull(),
    refId: integer('ref_id').notNull(),
    /**
     * Which of a record's jobs: 0 for a publication and a survey's reminder; an event's reminder is
     * named by its minutes before the start (one job per reminder of the event's type).
     */
    slot: integer('slot').notNull().default(0),
    runAt: tstz('run_at').notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: tstz('done_at'),
  },
  (t) => [
    check(
      'scheduled_jobs_kind_check',
      sql`${t.kind} in ('post', 'notification', 'story', 'survey', 'survey_reminder', 'event_reminder')`,
    ),
    check('scheduled_jobs_status_check', sql`${t.status} in ('pending', 'done', 'failed')`),
    uniqueIndex('scheduled_jobs_kind_ref_slot_key').on(t.kind, t.refId, t.slot),
    index('scheduled_jobs_due_idx').on(t.runAt, t.id).where(sql`${t.status} = 'pending'`),
  ],
);
