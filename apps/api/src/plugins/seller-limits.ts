import { ZErrorBody } from '@panel/shared';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { connectCounterRedis, failoverLog, WindowCounters } from '../lib/counters.ts';
import { HttpError } from '../lib/http-errors.ts';
import { SELLER_LIMIT_ENV, type SellerLimitKind } from '../lib/seller-limit-settings.ts';
import { limitMessage, SellerLimiter, WindowLimitStore } from '../services/limits/seller-limits.ts';
import { addRouteHook } from './route-hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The per-account limit this write counts against (services/limits/seller-limits.ts).
     * `created`: only an answer of 201 keeps its place (a replay or an update gives it back).
     */
    sellerLimit?: { kind: SellerLimitKind; created?: boolean };
  }
  interface FastifyInstance {
    sellerLimiter: SellerLimiter;
  }
}

export interface SellerLimitsPluginOptions {
  /** Key prefix in the store; tests use their own so parallel runs do not share counters. */
  prefix?: string;
  /**
   * How long a Redis command may take before the counts go to memory (1 s). Tests that are not about
   * a hung Redis give more: on a loaded machine a stalled event loop alone passes 1 s, and the two
   * instances would then count apart.
   */
  redisCommandTimeoutMs?: number;
}

const PER_KIND: Record<SellerLimitKind, string> = {
  posts: 'Demasiadas publicaciones seguidas de esta cuenta',
  comments: 'Demasiados comentarios seguidos de esta cuenta',
  likes: 'Demasiados me gusta seguidos de esta cuenta',
  pushSubscriptions: 'Demasiadas suscripciones a los push seguidas de esta cuenta',
};

/** The 429 of a limited route, for its OpenAPI entry (the document adds `Retry-After`). */
export function limitedResponse(kind: SellerLimitKind) {
  return {
    429: ZErrorBody.describe(
      `${PER_KIND[kind]} (\`${SELLER_LIMIT_ENV[kind]}\`): el mensaje dice qué se limitó y cuándo volver a ` +
        'intentar, y `Retry-After` cuántos segundos faltan. Una respuesta que no escribe nada no cuenta.',
    ),
  };
}

const counted = new WeakMap<FastifyRequest, { key: string; created: boolean }>();

/**
 * Per-account limits on the community app's writes (issue 20, item 11): a route opts in with
 * `config.sellerLimit`. Checked in preHandler (after the body is validated: a 400 never counts),
 * given back in onSend when the answer wrote nothing; both hooks only on the routes that opt in. With REDIS_URL the counters are shared by
 * every instance; Redis must answer at start-up, and during a later outage each instance counts in
 * its own memory (as sign-in does, docs/reliability.md "Redis down").
 */
export const sellerLimitsPlugin = fp<SellerLimitsPluginOptions>(
  async (app, options) => {
    const store = new WindowLimitStore(
      app.config.redisUrl
        ? new WindowCounters({
            redis: await connectCounterRedis(app.config.redisUrl, app.log, {
              commandTimeoutMs: options.redisCommandTimeoutMs,
            }),
            events: failoverLog(app.log, 'los límites por cuenta'),
          })
        : new WindowCounters(),
    );
    const limiter = new SellerLimiter(store, app.config.sellerLimits, options.prefix);
    app.decorate('sellerLimiter', limiter);
    app.addHook('onClose', async () => limiter.close());

    /** The check of one limit, the same function for every route that counts against it. */
    const checks = new Map<string, (request: FastifyRequest) => Promise<void>>();
    const checkFor = (limit: { kind: SellerLimitKind; created?: boolean }) => {
      const key = `${limit.kind}:${Boolean(limit.created)}`;
      let check = checks.get(key);
      if (!check) {
        check = async (request: FastifyRequest) => {
          const user = request.auth?.user;
          if (!user) return;
          const verdict = await limiter.hit(limit.kind, user.id);
          if (!verdict.allowed) {
            const seconds = verdict.retryAfterSeconds;
            request.log.info({ kind: limit.kind, userId: user.id, retryAfter: seconds }, 'límite por cuenta');
            throw new HttpError(429, limitMessage(limit.kind, seconds), undefined, {
              'retry-after': String(seconds),
            });
          }
          counted.set(request, { key: verdict.key, created: Boolean(limit.created) });
        };
        checks.set(key, check);
      }
      return check;
    };
    const giveBack = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const mark = counted.get(request);
      if (!mark) return payload;
      counted.delete(request);
      const status = reply.statusCode;
      if (status >= 400 || (mark.created && status !== 201)) await limiter.refund(mark.key);
      return payload;
    };
    // Only the routes with `config.sellerLimit` pay for it (docs/performance.md, "Cost per request"):
    // the check first of their preHandler hooks, the refund among their onSend hooks.
    app.addHook('onRoute', (route: RouteOptions) => {
      const limit = route.config?.sellerLimit;
      if (!limit) return;
      addRouteHook(route, 'preHandler', checkFor(limit));
      addRouteHook(route, 'onSend', giveBack, false);
    });
  },
  { name: 'seller-limits', dependencies: ['db', 'auth'] },
);
