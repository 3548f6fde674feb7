import { notificationPushPayload, type TPushPayload } from '@panel/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { type QuietWindow, quietRunAt } from './quiet-hours.ts';
import type { PushOutcome, PushTarget, Vapid } from './send.ts';

// ---------------------------------------------------------------------------------------------
// When a job may run: the one place that decides it. A job is sent once `status = 'pending'` and
// `run_at <= now` (dueJobs); its `run_at` is set when it is queued (firstRunAt), moved by a lease
// while a worker holds it (claim), and moved by back-off after a retryable failure (retryRunAt).
// Quiet hours (issue 23.6): a run time that falls in the seller's "No molestar" moves to the
// window's end (quiet-hours.ts), when queued and after a retry; an "Urgente" notification ignores it.
// ---------------------------------------------------------------------------------------------

/** The first run time of a new job for a seller with `window` (null: none). */
export function firstRunAt(now: Date, window: QuietWindow | null, urgent: boolean, timeZone: string): Date {
  return urgent ? now : quietRunAt(now, window, timeZone);
}

/** Jobs the worker may send at `now`. */
function dueJobs(now: Date): SQL {
  return sql`status = 'pending' AND run_at <= ${now.toISOString()}::timestamptz`;
}

/**
 * Scheduled jobs (docs/decisions/2026-12-04-scheduled-publishing.md) the worker may run at `now`: a
 * record's publication is due from its `run_at`; one due while the server was down is due at the first
 * pass after start.
 */
export function dueScheduled(now: Date): SQL {
  return sql`status = 'pending' AND run_at <= ${now.toISOString()}::timestamptz`;
}

/** After a scheduled job failed (the database refused its effect): 30 s × 2^(attempt − 1), up to 1 h. */
export function scheduledRetryAt(now: Date, attempts: number): Date {
  return new Date(now.getTime() + Math.min(30_000 * 2 ** (attempts - 1), 60 * 60_000));
}

/** After a retryable failure: base × 2^(attempt − 1), capped, or Retry-After when longer. */
export function retryRunAt(
  now: Date,
  attempts: number,
  retryAfterSeconds: number | null,
  { backoffBaseMs, backoffMaxMs }: { backoffBaseMs: number; backoffMaxMs: number },
): Date {
  const backoff = Math.min(backoffBaseMs * 2 ** (attempts - 1), backoffMaxMs);
  return new Date(now.getTime() + Math.max(backoff, (retryAfterSeconds ?? 0) * 1000));
}

/**
 * Queues one push per device of the sellers who see the notification (its branch's active
 * sellers, or every active seller for an all-branch one). Run it in the transaction that writes
 * the notification: the jobs exist exactly when the notification does. A seller in their "No
 * molestar" gets the job at the window's end (not for an urgent one). Returns how many.
 */
export async function enqueueNotificationPush(
  tx: Db | Tx,
  notification: { id: number; branchId: number | null; urgent: boolean },
  now: Date,
  timeZone: string,
): Promise<number> {
  const branch = notification.branchId === null ? sql`true` : sql`u.branch_id = ${notification.branchId}`;
  return enqueuePush(
    tx,
    {
      audience: sql`u.role = 'seller' AND u.active AND ${branch}`,
      notificationId: notification.id,
      urgent: notification.urgent,
    },
    now,
    timeZone,
  );
}

/**
 * Queues one push per device of the users `audience` (a condition on `u`, the users table) names:
 * a notification's (`notificationId`) or a reminder's own `payload` (docs/decisions/2026-12-04-reminders.md).
 * A seller in their "No molestar" gets the job at the window's end (not when `urgent`); when that end
 * is not before `notAfter` (the event has started, the survey closed) the seller gets none. Returns how many.
 */
export async function enqueuePush(
  tx: Db | Tx,
  push: {
    audience: SQL;
    notificationId?: number;
    payload?: TPushPayload;
    urgent: boolean;
    notAfter?: Date;
  },
  now: Date,
  timeZone: string,
): Promise<number> {
  const { audience, urgent } = push;
  // The few distinct windows among the audience, each turned into its run time here.
  const windows = urgent
    ? []
    : await queryRows<{ start_minute: number; end_minute: number }>(
        tx,
        sql`SELECT DISTINCT q.start_minute, q.end_minute FROM seller_quiet_hours q JOIN users u ON u.id = q.user_id
          WHERE ${audience} AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id)`,
      );
  const delayed = windows.flatMap((w) => {
    const runAt = firstRunAt(now, { start: w.start_minute, end: w.end_minute }, false, timeZone);
    if (runAt.getTime() === now.getTime()) return [];
    return [{ ...w, runAt, skip: push.notAfter !== undefined && runAt >= push.notAfter }];
  });
  // A row that matches no window (the check keeps minutes within 0–1439) when none is delayed.
  const values =
    delayed.length === 0
      ? sql`(-1, -1, NULL::timestamptz, false)`
      : sql.join(
          delayed.map(
            (d) =>
              sql`(${d.start_minute}::int, ${d.end_minute}::int, ${d.runAt.toISOString()}::timestamptz, ${d.skip}::boolean)`,
          ),
          sql`, `,
        );
  const at = sql`${now.toISOString()}::timestamptz`;
  const payload = push.payload === undefined ? sql`NULL::jsonb` : sql`${JSON.stringify(push.payload)}::jsonb`;
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`WITH queued AS (
        INSERT INTO push_jobs (notification_id, payload, urgent, subscription_id, run_at, created_at)
        SELECT ${push.notificationId ?? null}::int, ${payload}, ${urgent}, s.id, COALESCE(w.run_at, ${at}), ${at}
        FROM push_subscriptions s JOIN users u ON u.id = s.user_id
        LEFT JOIN seller_quiet_hours q ON q.user_id = u.id
        LEFT JOIN (VALUES ${values}) AS w (start_minute, end_minute, run_at, skip)
          ON w.start_minute = q.start_minute AND w.end_minute = q.end_minute
        WHERE ${audience} AND w.skip IS NOT TRUE
        RETURNING 1)
      SELECT count(*)::int AS n FROM queued`,
  );
  return rows[0]?.n ?? 0;
}

export interface PushSend {
  send(target: PushTarget, payload: string, vapid: Vapid): Promise<PushOutcome>;
}

export interface PushQueueOptions {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  vapid: () => Promise<Vapid>;
  /** Encrypts and sends one push (send.ts's PushSender). */
  sender: PushSend;
  /** Sends in flight at once. */
  concurrency?: number;
  /**
   * A send still unanswered after this gives its place to the next job (it goes on waiting, up to
   * its timeout, among at most `maxSlow` such sends), so slow endpoints never hold the others up.
   */
  slowAfterMs?: number;
  maxSlow?: number;
  /** How often the queue is looked at without a wake-up. */
  pollMs?: number;
  /** Jobs claimed per statement at most. */
  batch?: number;
  /** A claimed job is sent again after this if its worker died mid-send (longer than a send's timeout). */
  leaseMs?: number;
  maxAttempts?: number;
  /** Back-off: base × 2^(attempt − 1), capped. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** The business time zone (APP_TIMEZONE): quiet hours are its wall-clock times. */
  timeZone?: string;
  /** Told each job's outcome as it ends (the metrics' panel_push_jobs_total). */
  onOutcome?: (outcome: keyof DrainResult) => void;
  /**
   * Run at the start of every pass, before the pushes are claimed: the due scheduled publications
   * (services/scheduling/jobs.ts), whose notifications' pushes this same pass then sends.
   */
  beforePass?: () => Promise<unknown>;
}

export interface DrainResult {
  sent: number;
  gone: number;
  failed: number;
  retried: number;
}

interface ClaimedJob {
  id: number;
  attempts: number;
  /** null: a reminder's push, which carries its `payload`. */
  notification_id: number | null;
  payload: TPushPayload | null;
  subscription_id: number | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  title: string | null;
  message: string | null;
  icon: string | null;
  urgent: boolean;
  /** The seller's quiet hours (null: none). */
  start_minute: number | null;
  end_minute: number | null;
}

const idArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/**
 * The push worker. It claims due jobs (FOR UPDATE SKIP LOCKED, so several instances share the queue
 * without sending one push twice) and keeps up to `concurrency` sends in flight, claiming more as
 * sends end; a send that is slow to answer gives its place up after `slowAfterMs`. Outcomes:
 * - 2xx: sent (written in batches);
 * - 404/410: the device is gone; its subscription is deleted by endpoint only (a subscription the
 *   browser has just renewed has another endpoint and survives), the job ends `gone`;
 * - a timeout (no whole answer within the send's timeout, or the connection dropped), 408, 429 or
 *   5xx: retried at retryRunAt until maxAttempts, then `failed`;
 * - anything else is permanent and ends the job `failed` at once: another 4xx (403 is usually the
 *   VAPID subject), an unreachable service, a target that is not allowed, or keys that cannot
 *   encrypt. A subscription that can never receive (keys unusable, host not a push service) is
 *   deleted too, so later notifications do not queue for it.
 * A job claimed by a worker that died is claimed again when its lease (run_at) passes.
 */
export class PushQueue {
  private readonly o: Required<PushQueueOptions>;
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private pending = false;
  private again = false;
  private stopped = true;
  /** Wakes a pass that waits for its sends (new jobs were queued). */
  private kick: (() => void) | null = null;
  private sentJobs: number[] = [];
  private sentSubscriptions: number[] = [];

  constructor(options: PushQueueOptions) {
    this.o = {
      pollMs: 5_000,
      batch: 100,
      concurrency: 64,
      slowAfterMs: 500,
      maxSlow: 1_000,
      leaseMs: 60_000,
      maxAttempts: 8,
      backoffBaseMs: 30_000,
      backoffMaxMs: 60 * 60_000,
      onOutcome: () => {},
      beforePass: async () => {},
      timeZone: 'UTC',
      ...options,
    };
  }

  /** Polls the queue until stop(). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.chain.catch(() => {});
  }

  /** New jobs were queued: look now instead of at the next poll (the caller does not wait). */
  wake(): void {
    if (this.stopped) return;
    if (this.pending) {
      this.again = true;
      this.kick?.();
      return;
    }
    this.pending = true;
    void this.drain()
      .catch((err) => this.o.log.error({ err }, 'error al enviar notificaciones push'))
      .finally(() => {
        this.pending = false;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.drain()
        .catch((err) => this.o.log.error({ err }, 'error al enviar notificaciones push'))
        .finally(() => this.schedule(this.o.pollMs));
    }, delay);
    this.timer.unref();
  }

  /** Sends every job due now, one pass at a time per instance; resolves when their sends have ended. */
  drain(): Promise<DrainResult> {
    const run = this.chain.then(() => this.drainNow());
    this.chain = run.catch(() => {});
    return run;
  }

  private async drainNow(): Promise<DrainResult> {
    const total: DrainResult = { sent: 0, gone: 0, failed: 0, retried: 0 };
    const { concurrency, slowAfterMs, maxSlow, batch } = this.o;
    // Claim in steps, not one statement per freed place.
    const step = Math.max(1, Math.min(batch, Math.ceil(concurrency / 4), 16));
    let vapid: Vapid | null = null;
    let more = true;
    let active = 0;
    let slow = 0;
    let running = 0;
    let changed: () => void = () => {};
    const wait = () => new Promise<void>((resolve) => (changed = resolve));
    this.kick = () => changed();
    try {
      await this.o
        .beforePass()
        .catch((err) => this.o.log.error({ err }, 'error al publicar las programaciones vencidas'));
      for (;;) {
        if (this.again) {
          this.again = false;
          more = true;
        }
        const free = concurrency - active;
        if (more && free >= step) {
          await this.flush();
          // A step at a time: each job's encryption runs before its first await, so a claim of 64
          // would hold the event loop for 64 encryptions; 16 is about 5 ms.
          const jobs = await this.claim(step);
          if (jobs.length < step) more = false;
          if (jobs.length > 0) vapid ??= await this.o.vapid();
          for (const job of jobs) {
            active++;
            running++;
            let holding = true;
            let isSlow = false;
            const release = () => {
              if (!holding) return;
              holding = false;
              active--;
              changed();
            };
            const slowTimer = setTimeout(() => {
              if (slow >= maxSlow) return;
              slow++;
              isSlow = true;
              release();
            }, slowAfterMs);
            void this.deliver(job, vapid!)
              .then((verdict) => {
                total[verdict] += 1;
                this.o.onOutcome(verdict);
              })
              .catch((err) =>
                this.o.log.error({ err, jobId: job.id }, 'error al enviar una notificación push'),
              )
              .finally(() => {
                clearTimeout(slowTimer);
                if (isSlow) slow--;
                running--;
                release();
                changed();
              });
          }
          continue;
        }
        if (running === 0 && !more) break;
        const next = wait();
        if (this.sentJobs.length > 0) await this.flush();
        if (running === 0 && !more) break;
        await next;
      }
    } finally {
      this.kick = null;
      await this.flush();
    }
    return total;
  }

  private claim(limit: number): Promise<ClaimedJob[]> {
    const now = this.o.now();
    const lease = new Date(now.getTime() + this.o.leaseMs);
    return queryRows<ClaimedJob>(
      this.o.db,
      sql`WITH due AS (
          SELECT id FROM push_jobs WHERE ${dueJobs(now)}
          ORDER BY run_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED),
        claimed AS (
          UPDATE push_jobs j SET run_at = ${lease.toISOString()}::timestamptz, attempts = j.attempts + 1
          FROM due WHERE j.id = due.id
          RETURNING j.id, j.attempts, j.notification_id, j.payload, j.urgent, j.subscription_id)
        SELECT c.id, c.attempts, c.notification_id, c.payload, c.subscription_id, s.endpoint, s.p256dh, s.auth,
          n.title, n.message, t.icon, (c.urgent OR COALESCE(n.urgent, false)) AS urgent, q.start_minute, q.end_minute
        FROM claimed c
        LEFT JOIN notifications n ON n.id = c.notification_id
        LEFT JOIN notification_types t ON t.id = n.notification_type_id
        LEFT JOIN push_subscriptions s ON s.id = c.subscription_id
        LEFT JOIN seller_quiet_hours q ON q.user_id = s.user_id
        ORDER BY c.id`,
    );
  }

  /** Writes the sends that succeeded since the last flush, in two statements. */
  private async flush(): Promise<void> {
    if (this.sentJobs.length === 0) return;
    const jobs = this.sentJobs;
    const subscriptions = this.sentSubscriptions;
    this.sentJobs = [];
    this.sentSubscriptions = [];
    const now = this.o.now().toISOString();
    await queryRows(
      this.o.db,
      sql`UPDATE push_jobs SET status = 'sent', sent_at = ${now}::timestamptz, last_error = NULL
        WHERE id = ANY(${idArray(jobs)}::int[])`,
    );
    await queryRows(
      this.o.db,
      sql`UPDATE push_subscriptions SET last_success_at = ${now}::timestamptz
        WHERE id = ANY(${idArray(subscriptions)}::int[])`,
    );
  }

  private async deliver(job: ClaimedJob, vapid: Vapid): Promise<keyof DrainResult> {
    const { db, log } = this.o;
    if (!job.endpoint || !job.p256dh || !job.auth) {
      await this.finish(job.id, 'gone', 'la suscripción ya no existe');
      return 'gone';
    }
    const payload =
      job.payload ??
      notificationPushPayload({
        id: job.notification_id!,
        title: job.title ?? '',
        message: job.message ?? '',
        icon: job.icon ?? '',
      });
    const outcome = await this.o.sender.send(
      { endpoint: job.endpoint, p256dh: job.p256dh, auth: job.auth },
      JSON.stringify(payload),
      vapid,
    );
    const status = outcome.status;
    if (outcome.kind === 'answered' && status !== null && status >= 200 && status < 300) {
      this.sentJobs.push(job.id);
      if (job.subscription_id !== null) this.sentSubscriptions.push(job.subscription_id);
      return 'sent';
    }
    if (status === 404 || status === 410) {
      await this.finish(job.id, 'gone', outcome.error);
      // By endpoint only: a renewed subscription of the same device has another endpoint.
      await queryRows(db, sql`DELETE FROM push_subscriptions WHERE endpoint = ${job.endpoint}`);
      log.info({ jobId: job.id, status }, 'suscripción push vencida: eliminada');
      return 'gone';
    }
    const retryable =
      outcome.kind === 'timeout' ||
      (outcome.kind === 'answered' && (status === 408 || status === 429 || (status ?? 0) >= 500));
    if (retryable && job.attempts < this.o.maxAttempts) {
      // A retry that would fall in the seller's quiet hours waits for their end too.
      const window =
        job.start_minute === null || job.end_minute === null
          ? null
          : { start: job.start_minute, end: job.end_minute };
      const runAt = quietRunAt(
        retryRunAt(this.o.now(), job.attempts, outcome.retryAfter, this.o),
        job.urgent ? null : window,
        this.o.timeZone,
      );
      await queryRows(
        db,
        sql`UPDATE push_jobs SET run_at = ${runAt.toISOString()}::timestamptz, last_error = ${outcome.error}
          WHERE id = ${job.id}`,
      );
      return 'retried';
    }
    await this.finish(job.id, 'failed', outcome.error);
    const never = outcome.kind === 'keys' || (outcome.kind === 'refused' && outcome.refused === 'host');
    if (never && job.subscription_id !== null) {
      await queryRows(db, sql`DELETE FROM push_subscriptions WHERE id = ${job.subscription_id}`);
    }
    log.warn(
      { jobId: job.id, kind: outcome.kind, status, error: outcome.error },
      status === 403
        ? 'el servicio push rechazó la firma VAPID (403): revisá VAPID_SUBJECT (un mailto: real)'
        : never
          ? 'notificación push no entregada: la suscripción nunca podrá recibir, se eliminó'
          : 'notificación push no entregada',
    );
    return 'failed';
  }

  private async finish(id: number, status: 'gone' | 'failed', error: string | null) {
    await queryRows(
      this.o.db,
      sql`UPDATE push_jobs SET status = ${status}, last_error = ${error} WHERE id = ${id}`,
    );
  }
}
