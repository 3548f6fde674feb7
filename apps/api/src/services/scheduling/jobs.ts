import { SCHEDULE_MSG } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import type { ScheduledKind } from '../../db/schema/scheduling.ts';
import { fieldError, notFound } from '../../lib/http-errors.ts';
import { dueScheduled, enqueueNotificationPush, scheduledRetryAt } from '../push/queue.ts';
import { sendEventReminder, sendSurveyReminder } from './reminders.ts';

/**
 * Scheduled publishing (docs/decisions/2026-12-04-scheduled-publishing.md). One `scheduled_jobs` row per
 * record and kind, written in the transaction that schedules; the push worker's loop runs the due ones
 * (runDueScheduledJobs): claim, publish and mark done in one transaction, so exactly once across
 * instances and restarts. Reminders (docs/decisions/2026-12-04-reminders.md) are jobs of the same table,
 * run by the same loop (reminders.ts).
 */

/** The kinds that publish a record (the others are reminders: reminders.ts). */
export type PublishKind = 'post' | 'notification' | 'story' | 'survey';
const TABLES: Record<PublishKind, string> = {
  post: 'posts',
  notification: 'notifications',
  story: 'stories',
  survey: 'surveys',
};

/** Schedules (or reschedules, while still pending) the publication of a record. Run it in the writing transaction. */
export async function scheduleJob(tx: Db | Tx, kind: PublishKind, refId: number, runAt: Date): Promise<void> {
  await queryRows(
    tx,
    sql`INSERT INTO scheduled_jobs (kind, ref_id, run_at) VALUES (${kind}, ${refId}, ${runAt.toISOString()}::timestamptz)
      ON CONFLICT (kind, ref_id, slot) DO UPDATE SET run_at = excluded.run_at, attempts = 0, last_error = NULL
      WHERE scheduled_jobs.status = 'pending'`,
  );
}

/**
 * Takes the record's job out of the worker's reach for the rest of the transaction and says whether the
 * record is still scheduled. An edit calls it first: a worker publishing it meanwhile holds the job row
 * (this waits for it, then sees it published), and a worker that comes later skips the locked row. The
 * job row is locked before the record, in the worker's order, so the two cannot deadlock.
 */
export async function lockScheduled(tx: Tx, kind: PublishKind, refId: number): Promise<boolean> {
  await queryRows(
    tx,
    sql`SELECT id FROM scheduled_jobs WHERE kind = ${kind} AND ref_id = ${refId} FOR UPDATE`,
  );
  const [row] = await queryRows<{ scheduled: boolean }>(
    tx,
    sql`SELECT publish_at IS NOT NULL AS scheduled FROM ${sql.raw(TABLES[kind])} WHERE id = ${refId} FOR UPDATE`,
  );
  return Boolean(row?.scheduled);
}

/** Drops a record's pending job (it is published now, by an edit). Deleting the record drops it too (a trigger). */
export async function cancelJob(tx: Db | Tx, kind: ScheduledKind, refId: number): Promise<void> {
  await queryRows(
    tx,
    sql`DELETE FROM scheduled_jobs WHERE kind = ${kind} AND ref_id = ${refId} AND status = 'pending'`,
  );
}

/** publishRecord of a record that queues no push (a post, a story, a survey). */
export async function publishNow(
  tx: Db | Tx,
  kind: Exclude<PublishKind, 'notification'>,
  refId: number,
  now: Date,
): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // Posts and surveys keep when they last changed (a survey's version moves too, by its trigger).
  const changed = kind === 'story' ? sql`` : sql`, updated_at = ${at}`;
  const rows = await queryRows(
    tx,
    sql`UPDATE ${sql.raw(TABLES[kind])} SET publish_at = NULL, created_at = ${at}${changed}
      WHERE id = ${refId} AND publish_at IS NOT NULL RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * The effect: the record becomes published at `now` (publish_at null, created_at now, so it comes first
 * in the feed and the lists, and a story's 24 h count from then), and a notification's pushes are queued
 * then, with the sellers' quiet hours unless it is urgent. Nothing when it is gone or already
 * published. Returns whether it published.
 */
export async function publishRecord(
  tx: Db | Tx,
  kind: PublishKind,
  refId: number,
  now: Date,
  timeZone: string,
): Promise<boolean> {
  if (kind !== 'notification') return publishNow(tx, kind, refId, now);
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await queryRows<{ id: number; branch_id: number | null; urgent: boolean }>(
    tx,
    sql`UPDATE notifications SET publish_at = NULL, created_at = ${at}
      WHERE id = ${refId} AND publish_at IS NOT NULL RETURNING id, branch_id, urgent`,
  );
  if (!row) return false;
  await enqueueNotificationPush(
    tx,
    { id: row.id, branchId: row.branch_id, urgent: row.urgent },
    now,
    timeZone,
  );
  return true;
}

/**
 * "Programación" of a scheduled record whose only edit is its time (posts and stories): another
 * future time, or, with none, published now. Locks in the worker's order (lockScheduled); 404 with
 * `missing` when it is gone, 400 on `publish_at` when it was published already.
 */
export async function changePublication(
  db: Db,
  kind: 'post' | 'story',
  id: number,
  publishAt: Date | null,
  clock: { now: Date; timeZone: string; missing: string },
): Promise<void> {
  const table = sql.raw(TABLES[kind]);
  await db.transaction(async (tx) => {
    // Locked against the worker: it either published it already, or cannot until this commits.
    if (!(await lockScheduled(tx, kind, id))) {
      const [found] = await queryRows(tx, sql`SELECT id FROM ${table} WHERE id = ${id}`);
      if (!found) throw notFound(clock.missing);
      throw fieldError('publish_at', SCHEDULE_MSG.alreadyPublished);
    }
    if (publishAt) {
      const at = sql`${publishAt.toISOString()}::timestamptz`;
      const touched = kind === 'post' ? sql`, updated_at = ${clock.now.toISOString()}::timestamptz` : sql``;
      await queryRows(tx, sql`UPDATE ${table} SET publish_at = ${at}${touched} WHERE id = ${id}`);
      await scheduleJob(tx, kind, id, publishAt);
      return;
    }
    await cancelJob(tx, kind, id);
    await publishRecord(tx, kind, id, clock.now, clock.timeZone);
  });
}

interface DueJob {
  id: number;
  kind: ScheduledKind;
  ref_id: number;
  slot: number;
  run_at: Date | string;
  attempts: number;
}

/** A due job's effect: a publication, or a reminder's pushes (reminders.ts). Returns whether it did something. */
async function runJob(tx: Tx, job: DueJob, now: Date, timeZone: string): Promise<boolean> {
  switch (job.kind) {
    case 'survey_reminder':
      return (await sendSurveyReminder(tx, job.ref_id, now, timeZone)) !== null;
    case 'event_reminder':
      return (await sendEventReminder(tx, job.ref_id, job.slot, now, timeZone)) !== null;
    default:
      return publishRecord(tx, job.kind, job.ref_id, now, timeZone);
  }
}

/**
 * Runs every scheduled job due at `now`, one transaction each: claim (FOR UPDATE SKIP LOCKED: another
 * instance skips it), publish, mark done. A failure rolls the job back and moves it by back-off;
 * after `maxAttempts` it ends `failed`. Returns how many published.
 */
export async function runDueScheduledJobs(
  db: Db,
  options: {
    now: () => Date;
    timeZone: string;
    log: FastifyBaseLogger;
    maxAttempts?: number;
    lateAfterMs?: number;
  },
): Promise<number> {
  const { log, timeZone, maxAttempts = 8, lateAfterMs = 60_000 } = options;
  let published = 0;
  for (;;) {
    const now = options.now();
    let claimed: DueJob | undefined;
    try {
      await db.transaction(async (tx) => {
        [claimed] = await queryRows<DueJob>(
          tx,
          sql`SELECT id, kind, ref_id, slot, run_at, attempts FROM scheduled_jobs WHERE ${dueScheduled(now)}
            ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        );
        if (!claimed) return;
        if (await runJob(tx, claimed, now, timeZone)) published++;
        await queryRows(
          tx,
          sql`UPDATE scheduled_jobs SET status = 'done', done_at = ${now.toISOString()}::timestamptz,
            attempts = attempts + 1, last_error = NULL WHERE id = ${claimed.id}`,
        );
      });
    } catch (err) {
      if (!claimed) throw err;
      // Rolled back: the record is as it was. The job waits its back-off (not due again in this pass).
      const attempts = claimed.attempts + 1;
      log.error({ err, scheduledJobId: claimed.id, attempts }, 'error al publicar una programación');
      await queryRows(
        db,
        sql`UPDATE scheduled_jobs SET attempts = ${attempts}, last_error = ${String((err as Error)?.message ?? err)},
          status = ${attempts >= maxAttempts ? 'failed' : 'pending'},
          run_at = ${scheduledRetryAt(now, attempts).toISOString()}::timestamptz
          WHERE id = ${claimed.id} AND status = 'pending'`,
      );
      continue;
    }
    if (!claimed) return published;
    const job: DueJob = claimed;
    const late = now.getTime() - new Date(job.run_at).getTime();
    if (late > lateAfterMs) {
      log.info(
        { scheduledJobId: job.id, kind: job.kind, refId: job.ref_id, lateMs: late },
        'programación publicada con demora',
      );
    }
  }
}
