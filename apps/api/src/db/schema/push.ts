import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.ts';
import { notifications } from './notifications.ts';
import { users } from './users.ts';

/**
 * Server settings made at run time and shared by every instance, such as the Web Push VAPID
 * key pair (created on the first start, see services/push/vapid.ts).
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * One Web Push subscription per device (browser profile), named by its endpoint. A device that
 * signs in as another user is taken over by that user. Removed when the push service answers
 * 404/410 for that endpoint, or when the device unsubscribes.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSuccessAt: tstz('last_success_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_id_idx').on(t.userId),
  ],
);

/**
 * The push queue: one job per (notification, device), written in the transaction that creates
 * the notification, and delivered by the worker (services/push/worker.ts). It survives a
 * restart. A claimed job's `run_at` is pushed forward by a lease, so a job whose worker died is
 * picked up again; a failure sets `run_at` by exponential back-off.
 */
export const pushJobs = pgTable(
  'push_jobs',
  {
    id: id(),
    /** The notification it delivers; null for a reminder's push, which carries its own `payload`. */
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    /**
     * A reminder's push (docs/decisions/2026-12-04-reminders.md): what the device shows (TPushPayload),
     * written when the reminder is due.
     */
    payload: jsonb('payload'),
    /** A reminder of an urgent event type: a retry ignores the seller's "No molestar". */
    urgent: boolean('urgent').notNull().default(false),
    /** null once the device unsubscribed or its subscription was removed (the job ends as `gone`). */
    subscriptionId: integer('subscription_id').references(() => pushSubscriptions.id, {
      onDelete: 'set null',
    }),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'gone'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: tstz('run_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    check('push_jobs_content_check', sql`(${t.notificationId} IS NULL) <> (${t.payload} IS NULL)`),
    check('push_jobs_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'gone')`),
    index('push_jobs_due_idx').on(t.runAt, t.id).where(sql`${t.status} = 'pending'`),
    index('push_jobs_notification_status_idx').on(t.notificationId, t.status),
    index('push_jobs_subscription_id_idx').on(t.subscriptionId),
  ],
);

/**
 * A seller's "No molestar" (issue 23.6): pushes that fall due between `start_minute` and
 * `end_minute` (minutes after midnight, wall-clock of APP_TIMEZONE; start > end crosses midnight)
 * wait until the window ends. Its own table, so setting it does not raise the user's version
 * (the panel's If-Match on the user).
 */
export const sellerQuietHours = pgTable(
  'seller_quiet_hours',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('seller_quiet_hours_user_id_key').on(t.userId),
    check(
      'seller_quiet_hours_minutes_check',
      sql`${t.startMinute} between 0 and 1439 and ${t.endMinute} between 0 and 1439 and ${t.startMinute} <> ${t.endMinute}`,
    ),
  ],
);
