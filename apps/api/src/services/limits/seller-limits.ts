import type { Redis } from 'ioredis';
import {
  closeRedis,
  FailoverStore,
  INCREMENT_SCRIPT,
  MemoryWindows,
  type WindowCount,
  windowCount,
} from '../../lib/counters.ts';

/**
 * Per-account limits on what a seller writes through the community app (issue 20, item 11;
 * docs/decisions/2026-11-27-seller-rate-limits.md): posts, comments, likes and push subscriptions.
 *
 * - A fixed window per account and kind: the first counted write starts it, `max` writes fit in it,
 *   the next one is answered 429 with `Retry-After` (the seconds until the window ends).
 * - Counted atomically before the write (INCR), so a burst of parallel requests never gets more
 *   than `max` through; a request that then writes nothing (refused, a replay of an idempotency key,
 *   the update of a device already subscribed) gives its place back.
 * - In Redis when REDIS_URL is set (shared by every instance), in memory otherwise. While Redis does
 *   not answer, each instance counts in its own memory (FallbackLimitStore), as sign-in does: the
 *   limits hold per instance and nobody is refused for the outage itself.
 */
export const SELLER_LIMIT_KINDS = ['posts', 'comments', 'likes', 'pushSubscriptions'] as const;
export type SellerLimitKind = (typeof SELLER_LIMIT_KINDS)[number];

export interface SellerLimit {
  max: number;
  windowMs: number;
}
export type SellerLimits = Record<SellerLimitKind, SellerLimit>;

/** The defaults (README, .env.example): a person's pace passes, a script's does not. */
export const DEFAULT_SELLER_LIMITS: SellerLimits = {
  posts: { max: 10, windowMs: 10 * 60_000 },
  comments: { max: 30, windowMs: 60_000 },
  likes: { max: 120, windowMs: 60_000 },
  pushSubscriptions: { max: 10, windowMs: 60 * 60_000 },
};

/** The environment variable of each kind. */
export const SELLER_LIMIT_ENV: Record<SellerLimitKind, string> = {
  posts: 'RATE_LIMIT_POSTS',
  comments: 'RATE_LIMIT_COMMENTS',
  likes: 'RATE_LIMIT_LIKES',
  pushSubscriptions: 'RATE_LIMIT_PUSH_SUBSCRIPTIONS',
};

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/** `10/10m` → 10 writes in 10 minutes (units s, m, h); a Spanish message when it does not read. */
export function parseSellerLimit(text: string): SellerLimit | string {
  const match = /^\s*(\d{1,6})\s*\/\s*(\d{1,5})\s*([smh])\s*$/.exec(text);
  if (!match) return 'debe ser <cantidad>/<tiempo>, por ejemplo 10/10m (s: segundos, m: minutos, h: horas)';
  const max = Number(match[1]);
  const windowMs = Number(match[2]) * UNIT_MS[match[3] as keyof typeof UNIT_MS];
  if (max < 1) return 'la cantidad debe ser 1 o más';
  if (windowMs < 1000 || windowMs > 24 * 3_600_000) return 'el tiempo debe ser de 1 segundo a 24 horas';
  return { max, windowMs };
}

/** What each limit names in its 429 (what was limited), followed by when to try again. */
const WHAT: Record<SellerLimitKind, string> = {
  posts: 'Publicaste muchas veces seguidas. Vas a poder publicar de nuevo',
  comments: 'Comentaste muchas veces seguidas. Vas a poder comentar de nuevo',
  likes: 'Diste o quitaste muchos me gusta seguidos. Vas a poder hacerlo de nuevo',
  pushSubscriptions: 'Activaste las notificaciones muchas veces seguidas. Vas a poder activarlas de nuevo',
};

/** "en 45 segundos", "en 1 minuto", "en 7 minutos", "en 1 hora". */
export function retryText(seconds: number): string {
  if (seconds <= 90) return `en ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `en ${minutes} minutos`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = `${hours} ${hours === 1 ? 'hora' : 'horas'}`;
  return rest === 0 ? `en ${h}` : `en ${h} y ${rest} ${rest === 1 ? 'minuto' : 'minutos'}`;
}

export const limitMessage = (kind: SellerLimitKind, retryAfterSeconds: number) =>
  `${WHAT[kind]} ${retryText(retryAfterSeconds)}.`;

export interface LimitStore {
  /** Adds one to the key (starting its window on the first) and returns the count and ms left. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** Gives one back, only while the key's window lasts. */
  refund(key: string): Promise<void>;
  close(): Promise<void>;
}

export type LimitVerdict =
  | { allowed: true; key: string }
  | { allowed: false; key: string; retryAfterSeconds: number };

export class SellerLimiter {
  private generation = 0;

  constructor(
    private readonly store: LimitStore,
    readonly limits: SellerLimits = DEFAULT_SELLER_LIMITS,
    private readonly prefix = 'panel:limits:',
  ) {}

  /** Counts one write of `kind` by the account; beyond the limit it is refused until the window ends. */
  async hit(kind: SellerLimitKind, userId: number): Promise<LimitVerdict> {
    const { max, windowMs } = this.limits[kind];
    const generation = this.generation ? `${this.generation}:` : '';
    const key = `${this.prefix}${generation}${kind}:${userId}`;
    const { count, ttlMs } = await this.store.hit(key, windowMs);
    if (count <= max) return { allowed: true, key };
    return { allowed: false, key, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
  }

  /** Tests only: starts every count afresh on this instance (a reset database reuses user ids). */
  forgetAll(): void {
    this.generation++;
  }

  /** A counted request that wrote nothing gives its place back. */
  refund(key: string): Promise<void> {
    return this.store.refund(key);
  }

  close() {
    return this.store.close();
  }
}

export class MemoryLimitStore implements LimitStore {
  private readonly windows = new MemoryWindows();

  constructor(private readonly clock: () => number = Date.now) {}

  async hit(key: string, windowMs: number) {
    return this.windows.increment(key, windowMs, this.clock());
  }

  async refund(key: string) {
    this.windows.decrement(key, this.clock());
  }

  async close() {
    this.windows.clear();
  }
}

// DECR only a key that still has its window: an expired key must not come back without one.
const REFUND_SCRIPT = `
if redis.call('PTTL', KEYS[1]) > 0 and tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`;

export class RedisLimitStore implements LimitStore {
  constructor(private readonly redis: Redis) {}

  async hit(key: string, windowMs: number) {
    return windowCount(await this.redis.eval(INCREMENT_SCRIPT, 1, key, String(windowMs)));
  }

  async refund(key: string) {
    await this.redis.eval(REFUND_SCRIPT, 1, key);
  }

  close() {
    return closeRedis(this.redis);
  }
}

/** Redis, and this instance's memory while Redis does not answer (lib/counters.ts), as sign-in does. */
export class FallbackLimitStore extends FailoverStore<LimitStore> implements LimitStore {
  hit(key: string, windowMs: number) {
    return this.run((store) => store.hit(key, windowMs));
  }

  refund(key: string) {
    return this.run((store) => store.refund(key));
  }
}
