import { notificationIconUrl, type TPushPayload } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { type PushOutcome, type PushTarget, sendPush, type Vapid } from './send.ts';

/** Where a tapped push opens the community app. */
export const notificationAppUrl = (id: number) => `/comunidad/notificaciones?id=${id}`;

/**
 * Queues one push per device of the sellers who see the notification (its branch's active
 * sellers, or every active seller for an all-branch one). Run it in the transaction that writes
 * the notification: the jobs exist exactly when the notification does. Returns how many.
 */
export async function enqueueNotificationPush(
  tx: Db | Tx,
  notification: { id: number; branchId: number | null },
  now: Date,
): Promise<number> {
  const branch = notification.branchId === null ? sql`true` : sql`u.branch_id = ${notification.branchId}`;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO push_jobs (notification_id, subscription_id, run_at, created_at)
      SELECT ${notification.id}, s.id, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      FROM push_subscriptions s JOIN users u ON u.id = s.user_id
      WHERE u.role = 'seller' AND u.active AND ${branch}
      RETURNING id`,
  );
  return rows.length;
}

export interface PushQueueOptions {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  vapid: () => Promise<Vapid>;
  /** Replaces the HTTP send (never in the app; kept for unit use). */
  send?: (target: PushTarget, payload: TPushPayload, vapid: Vapid) => Promise<PushOutcome>;
  /** How often the queue is looked at without a wake-up. */
  pollMs?: number;
  batch?: number;
  /** A claimed job is retried after this if its worker died mid-send. */
  leaseMs?: number;
  maxAttempts?: number;
  /** Back-off: base × 2^(attempt − 1), capped. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
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
  notification_id: number;
  subscription_id: number | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  title: string;
  message: string;
  icon: string;
}

/**
 * The push worker: it claims due jobs (FOR UPDATE SKIP LOCKED, so several instances share the
 * queue without sending one push twice), sends them, and records the outcome:
 * - 2xx: sent;
 * - 404/410: the device is gone; its subscription is deleted by endpoint only (a subscription
 *   the browser has just renewed has another endpoint and survives), the job ends `gone`;
 * - no answer, 408, 429 or 5xx: retried with exponential back-off (Retry-After when longer)
 *   until maxAttempts, then `failed`;
 * - any other 4xx: `failed` at once (retrying cannot help; 403 is usually the VAPID subject).
 * A job claimed by a worker that died is claimed again when its lease (run_at) passes.
 */
export class PushQueue {
  private readonly o: Required<Omit<PushQueueOptions, 'send'>> & Pick<PushQueueOptions, 'send'>;
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private pending = false;
  private again = false;
  private stopped = true;

  constructor(options: PushQueueOptions) {
    this.o = {
      pollMs: 5_000,
      batch: 20,
      leaseMs: 60_000,
      maxAttempts: 8,
      backoffBaseMs: 30_000,
      backoffMaxMs: 60 * 60_000,
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

  /** Sends every job due now, batch after batch, one drain at a time per instance. */
  drain(): Promise<DrainResult> {
    const run = this.chain.then(() => this.drainNow());
    this.chain = run.catch(() => {});
    return run;
  }

  private async drainNow(): Promise<DrainResult> {
    const total: DrainResult = { sent: 0, gone: 0, failed: 0, retried: 0 };
    for (;;) {
      const jobs = await this.claim();
      if (jobs.length === 0) return total;
      const vapid = await this.o.vapid();
      const outcomes = await Promise.all(jobs.map((job) => this.deliver(job, vapid)));
      for (const outcome of outcomes) total[outcome] += 1;
    }
  }

  private claim(): Promise<ClaimedJob[]> {
    const now = this.o.now();
    const lease = new Date(now.getTime() + this.o.leaseMs);
    return queryRows<ClaimedJob>(
      this.o.db,
      sql`WITH due AS (
          SELECT id FROM push_jobs WHERE status = 'pending' AND run_at <= ${now.toISOString()}::timestamptz
          ORDER BY run_at, id LIMIT ${this.o.batch} FOR UPDATE SKIP LOCKED),
        claimed AS (
          UPDATE push_jobs j SET run_at = ${lease.toISOString()}::timestamptz, attempts = j.attempts + 1
          FROM due WHERE j.id = due.id
          RETURNING j.id, j.attempts, j.notification_id, j.subscription_id)
        SELECT c.id, c.attempts, c.notification_id, c.subscription_id, s.endpoint, s.p256dh, s.auth,
          n.title, n.message, t.icon
        FROM claimed c
        JOIN notifications n ON n.id = c.notification_id
        JOIN notification_types t ON t.id = n.notification_type_id
        LEFT JOIN push_subscriptions s ON s.id = c.subscription_id
        ORDER BY c.id`,
    );
  }

  private async deliver(job: ClaimedJob, vapid: Vapid): Promise<keyof DrainResult> {
    const { db, log } = this.o;
    if (!job.endpoint || !job.p256dh || !job.auth) {
      await this.finish(job.id, 'gone', 'la suscripción ya no existe');
      return 'gone';
    }
    const payload: TPushPayload = {
      title: job.title,
      body: job.message,
      notification_id: job.notification_id,
      url: notificationAppUrl(job.notification_id),
      icon: notificationIconUrl(job.icon),
      tag: `notification-${job.notification_id}`,
    };
    const send = this.o.send ?? sendPush;
    const outcome = await send(
      { endpoint: job.endpoint, p256dh: job.p256dh, auth: job.auth },
      payload,
      vapid,
    );
    const now = this.o.now();
    const status = outcome.status;
    if (status !== null && status >= 200 && status < 300) {
      await queryRows(
        db,
        sql`UPDATE push_jobs SET status = 'sent', sent_at = ${now.toISOString()}::timestamptz, last_error = NULL
          WHERE id = ${job.id}`,
      );
      await queryRows(
        db,
        sql`UPDATE push_subscriptions SET last_success_at = ${now.toISOString()}::timestamptz WHERE id = ${job.subscription_id}`,
      );
      return 'sent';
    }
    if (status === 404 || status === 410) {
      await this.finish(job.id, 'gone', outcome.error);
      // By endpoint only: a renewed subscription of the same device has another endpoint.
      await queryRows(db, sql`DELETE FROM push_subscriptions WHERE endpoint = ${job.endpoint}`);
      log.info({ jobId: job.id, status }, 'suscripción push vencida: eliminada');
      return 'gone';
    }
    const retryable = status === null || status === 408 || status === 429 || status >= 500;
    if (!retryable || job.attempts >= this.o.maxAttempts) {
      await this.finish(job.id, 'failed', outcome.error);
      log.warn(
        { jobId: job.id, status, error: outcome.error },
        status === 403
          ? 'el servicio push rechazó la firma VAPID (403): revisá VAPID_SUBJECT (un mailto: real)'
          : 'notificación push no entregada',
      );
      return 'failed';
    }
    const backoff = Math.min(this.o.backoffBaseMs * 2 ** (job.attempts - 1), this.o.backoffMaxMs);
    const delay = Math.max(backoff, (outcome.retryAfter ?? 0) * 1000);
    await queryRows(
      db,
      sql`UPDATE push_jobs SET run_at = ${new Date(now.getTime() + delay).toISOString()}::timestamptz,
          last_error = ${outcome.error} WHERE id = ${job.id}`,
    );
    return 'retried';
  }

  private async finish(id: number, status: 'gone' | 'failed', error: string | null) {
    await queryRows(
      this.o.db,
      sql`UPDATE push_jobs SET status = ${status}, last_error = ${error} WHERE id = ${id}`,
    );
  }
}
