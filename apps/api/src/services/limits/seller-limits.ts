import { type WindowCount, WindowCounters } from '../../lib/counters.ts';
import {
  DEFAULT_SELLER_LIMITS,
  type SellerLimitKind,
  type SellerLimits,
} from '../../lib/seller-limit-settings.ts';

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
 *   not answer, each instance counts in its own memory (WindowLimitStore), as sign-in does: the
 *   limits hold per instance and nobody is refused for the outage itself.
 */
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

/**
 * The limits' counters on lib/counters.ts (rate-limiter-flexible): in Redis with REDIS_URL, and in
 * this instance's memory while Redis does not answer, as sign-in does; in memory alone otherwise.
 */
export class WindowLimitStore implements LimitStore {
  constructor(private readonly counters: WindowCounters = new WindowCounters()) {}

  hit(key: string, windowMs: number) {
    return this.counters.increment(key, windowMs);
  }

  refund(key: string) {
    return this.counters.refund(key);
  }

  close() {
    return this.counters.close();
  }
}
