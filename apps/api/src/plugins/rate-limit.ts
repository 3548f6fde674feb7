import fp from 'fastify-plugin';
import { connectCounterRedis, failoverLog, WindowCounters } from '../lib/counters.ts';
import {
  DEFAULT_LIMITS,
  LoginThrottle,
  type ThrottleLimits,
  WindowCounterStore,
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
 * a warning when it starts and a line when Redis answers again (lib/counters.ts): sign-in keeps
 * its protection and nobody is locked out (docs/reliability.md, "Redis down").
 */
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, options) => {
    const store = new WindowCounterStore(
      app.config.redisUrl
        ? new WindowCounters({
            redis: await connectCounterRedis(app.config.redisUrl, app.log),
            events: failoverLog(app.log, 'los intentos de inicio de sesión'),
          })
        : new WindowCounters(),
    );
    const throttle = new LoginThrottle(store, { ...DEFAULT_LIMITS, ...options.limits }, options.prefix);
    app.decorate('loginThrottle', throttle);
    app.addHook('onClose', async () => throttle.close());
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
