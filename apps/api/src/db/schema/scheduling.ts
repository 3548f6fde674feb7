import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';

/** The kinds of record a scheduled job publishes (docs/decisions/2026-12-04-scheduled-publishing.md). */
export const SCHEDULED_KINDS = ['post', 'notification'] as const;
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
    check('scheduled_jobs_kind_check', sql`${t.kind} in ('post', 'notification')`),
    check('scheduled_jobs_status_check', sql`${t.status} in ('pending', 'done', 'failed')`),
    uniqueIndex('scheduled_jobs_kind_ref_key').on(t.kind, t.refId),
    index('scheduled_jobs_due_idx').on(t.runAt, t.id).where(sql`${t.status} = 'pending'`),
  ],
);
