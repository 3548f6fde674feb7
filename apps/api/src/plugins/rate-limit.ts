import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import {
  type CounterStore,
  DEFAULT_LIMITS,
  LoginThrottle,
  MemoryCounterStore,
  RedisCounterStore,
  type ThrottleLimits,
} from '../services/auth/login-throttle.ts';

declare module 'fastify' {
  interface FastifyInstance {
    loginThrottle: LoginThrottle;
  }
}

export interface RateLimitPluginOptions {
  limits?: Partial<ThrottleLimits>;
  /** Key prefix in the store; tests use their own so parallel runs do not share counters. */
  prefix?: string;
}

/**
 * Login attempt limits (services/auth/login-throttle.ts). With REDIS_URL the counters are shared by every
 * instance; Redis must answer at start-up, and later outages fail open with a warning rather
 * than lock everybody out.
 */
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, options) => {
    let store: CounterStore;
    if (app.config.redisUrl) {
      const redis = new Redis(app.config.redisUrl, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 3000,
      });
      redis.on('error', (error) => app.log.warn({ err: error }, 'Redis: error de conexión'));
      try {
        await redis.connect();
      } catch (error) {
        redis.disconnect();
        throw new Error(`No se pudo conectar a Redis (REDIS_URL): ${(error as Error).message}`);
      }
      store = failOpen(new RedisCounterStore(redis), (error) =>
        app.log.warn({ err: error }, 'Redis no responde: el límite de intentos de login queda sin efecto'),
      );
    } else {
      store = new MemoryCounterStore();
    }
    const throttle = new LoginThrottle(store, { ...DEFAULT_LIMITS, ...options.limits }, options.prefix);
    app.decorate('loginThrottle', throttle);
    app.addHook('onClose', async () => throttle.close());
  },
  { name: 'rate-limit', dependencies: ['db'] },
);

function failOpen(store: CounterStore, onError: (error: unknown) => void): CounterStore {
  return {
    get: (keys) =>
      store.get(keys).catch((error) => {
        onError(error);
        return keys.map(() => ({ count: 0, ttlMs: 0 }));
      }),
    increment: (keys, windowMs) =>
      store.increment(keys, windowMs).catch((error) => {
        onError(error);
        return keys.map(() => ({ count: 0, ttlMs: 0 }));
      }),
    reset: (keys) => store.reset(keys).catch(onError),
    close: () => store.close(),
  };
}
