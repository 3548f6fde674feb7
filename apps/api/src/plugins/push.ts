import fp from 'fastify-plugin';
import { PushQueue } from '../services/push/queue.ts';
import { PushSender } from '../services/push/send.ts';
import type { Lookup, PushTargetPolicy } from '../services/push/targets.ts';
import { ensureVapidKeys, type VapidKeys, vapidSubject } from '../services/push/vapid.ts';
import { runDueScheduledJobs } from '../services/scheduling/jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    push: {
      /** The VAPID key pair (env, else app_settings); loaded when the app is ready. */
      keys(): Promise<VapidKeys>;
      queue: PushQueue;
      /** Which endpoints may be subscribed and sent to (services/push/targets.ts). */
      policy: PushTargetPolicy;
    };
  }
}

export interface PushPluginOptions {
  /** Start the background worker (default true). Tests drive it with `app.push.queue.drain()`. */
  worker?: boolean;
  /**
   * The tests' local push service (http:// on a loopback address) may be subscribed and sent to.
   * Only code sets it: no setting or environment variable reaches it.
   */
  localTestService?: boolean;
  /** Replaces the system resolver at send time (tests). */
  lookup?: Lookup;
}

/**
 * Web Push (issue 14, hardened in issue 20): the VAPID keys (VAPID_* variables, else made on the
 * first start and kept in app_settings), the sender (allowed targets, timeout) and the durable
 * queue's worker. Keys and worker start when the app is ready, that is after the migrations; the
 * worker stops (after its sends in flight) when the app closes.
 */
export const pushPlugin = fp<PushPluginOptions>(
  async (app, options) => {
    const settings = app.config.push;
    let keys: Promise<VapidKeys> | null = null;
    const loadKeys = () => {
      keys ??= ensureVapidKeys(app.db, settings).catch((error) => {
        keys = null;
        throw error;
      });
      return keys;
    };
    let subject: ReturnType<typeof vapidSubject> | null = null;
    const loadSubject = () => {
      subject ??= vapidSubject(app.db, settings.subject).catch((error) => {
        subject = null;
        throw error;
      });
      return subject;
    };
    const policy: PushTargetPolicy = {
      rules: settings.hosts,
      localTestService: options.localTestService ?? false,
    };
    const sender = new PushSender({ policy, timeoutMs: settings.timeoutMs, lookup: options.lookup });
    const queue = new PushQueue({
      db: app.db,
      log: app.log,
      now: () => app.now(),
      sender,
      concurrency: settings.concurrency,
      // A claimed job must not be claimed again while its send may still be waiting for an answer.
      leaseMs: Math.max(60_000, 2 * settings.timeoutMs + 10_000),
      onOutcome: (outcome) => app.metrics.pushOutcome(outcome),
      // Scheduled posts and notifications are published by the same loop (docs/decisions/2026-12-04-scheduled-publishing.md).
      beforePass: () =>
        runDueScheduledJobs(app.db, { now: () => app.now(), timeZone: app.config.timeZone, log: app.log }),
      timeZone: app.config.timeZone,
      vapid: async () => {
        const { publicKey, privateKey } = await loadKeys();
        return { subject: (await loadSubject()).subject, publicKey, privateKey };
      },
    });
    app.decorate('push', { keys: loadKeys, queue, policy });
    app.addHook('onReady', async () => {
      await loadKeys();
      if (options.worker === false) return;
      const { subject: signed, source } = await loadSubject();
      const localDemo =
        app.config.database.kind === 'pglite' && /^(127\.|localhost$|::1$)/.test(app.config.host);
      if (source === 'placeholder' && !localDemo) {
        app.log.warn(
          `VAPID_SUBJECT no está definida y ningún administrador tiene un email real: los push se firman con ${signed}. ` +
            'Definí VAPID_SUBJECT con el mailto: de contacto de la empresa.',
        );
      }
      queue.start();
    });
    app.addHook('onClose', async () => {
      await queue.stop();
      sender.close();
    });
  },
  { name: 'push', dependencies: ['db', 'metrics'] },
);
