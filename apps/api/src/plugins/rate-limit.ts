import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import {
  type CounterStore,
  DEFAULT_LIMITS,
  FallbackCounterStore,
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
 * instance; Redis must answer at start-up. During a later outage each instance counts in memory, with
 * a warning when it starts and a line when Redis answers again (FallbackCounterStore): sign-in keeps
 * its protection and nobody is locked out (docs/reliability.md, "Redis down").
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
        // A Redis that hangs (stopped, not dead) must not hold sign-ins: after 1 s the memory counts.
        commandTimeout: 1000,
      });
      redis.on('error', (error) => app.log.warn({ err: error }, 'Redis: error de conexión'));
      try {
        await redis.connect();
      } catch (error) {
        redis.disconnect();
        throw new Error(`No se pudo conectar a Redis (REDIS_URL): ${(error as Error).message}`);
      }
      store = new FallbackCounterStore(new RedisCounterStore(redis), new MemoryCounterStore(), {
        down: (error) =>
          app.log.warn(
            { err: error },
            'Redis no responde: los intentos de inicio de sesión se cuentan en la memoria de esta instancia hasta que vuelva',
          ),
        up: () =>
          app.log.info(
            'Redis responde de nuevo: los intentos de inicio de sesión se cuentan otra vez en Redis',
          ),
      });
    } else {
      store = new MemoryCounterStore();
    }
    const throttle = new LoginThrottle(store, { ...DEFAULT_LIMITS, ...options.limits }, options.prefix);
    app.decorate('loginThrottle', throttle);
    app.addHook('onClose', async () => throttle.close());
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
