import fp from 'fastify-plugin';
import { PushQueue } from '../services/push/queue.ts';
import { ensureVapidKeys, type VapidKeys, vapidSubject } from '../services/push/vapid.ts';

declare module 'fastify' {
  interface FastifyInstance {
    push: {
      /** The VAPID key pair (env, else app_settings); loaded when the app is ready. */
      keys(): Promise<VapidKeys>;
      queue: PushQueue;
      /** Subscriptions on plain http:// endpoints are accepted (the tests' local push service only). */
      allowHttpEndpoints: boolean;
    };
  }
}

export interface PushPluginOptions {
  /** Start the background worker (default true). Tests drive it with `app.push.queue.drain()`. */
  worker?: boolean;
  allowHttpEndpoints?: boolean;
}

/**
 * Web Push (issue 14): the VAPID keys (VAPID_* variables, else made on the first start and kept
 * in app_settings) and the durable queue's worker. Both start when the app is ready, that is
 * after the migrations; the worker stops (after its current batch) when the app closes.
 */
export const pushPlugin = fp<PushPluginOptions>(
  async (app, options) => {
    let keys: Promise<VapidKeys> | null = null;
    const loadKeys = () => {
      keys ??= ensureVapidKeys(app.db, app.config.push).catch((error) => {
        keys = null;
        throw error;
      });
      return keys;
    };
    let subject: Promise<string> | null = null;
    const queue = new PushQueue({
      db: app.db,
      log: app.log,
      now: () => app.now(),
      vapid: async () => {
        subject ??= vapidSubject(app.db, app.config.push.subject);
        const { publicKey, privateKey } = await loadKeys();
        return { subject: await subject, publicKey, privateKey };
      },
    });
    app.decorate('push', { keys: loadKeys, queue, allowHttpEndpoints: options.allowHttpEndpoints ?? false });
    app.addHook('onReady', async () => {
      await loadKeys();
      if (options.worker === false) return;
      if (!app.config.push.subject) {
        app.log.warn(
          'VAPID_SUBJECT no está definida: los push se firman con el mailto: del primer administrador. ' +
            'Apple rechaza un subject que no sea una dirección real (403 BadJwtToken): definila en producción.',
        );
      }
      queue.start();
    });
    app.addHook('onClose', async () => {
      await queue.stop();
    });
  },
  { name: 'push', dependencies: ['db'] },
);
