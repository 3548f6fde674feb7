import fp from 'fastify-plugin';
import { connectCounterRedis, failoverLog } from '../lib/counters.ts';
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
    const store: CounterStore = app.config.redisUrl
      ? new FallbackCounterStore(
          new RedisCounterStore(await connectCounterRedis(app.config.redisUrl, app.log)),
          new MemoryCounterStore(),
          failoverLog(app.log, 'los intentos de inicio de sesión'),
        )
      : new MemoryCounterStore();
    const throttle = new LoginThrottle(store, { ...DEFAULT_LIMITS, ...options.limits }, options.prefix);
    app.decorate('loginThrottle', throttle);
    app.addHook('onClose', async () => throttle.close());
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
