import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The pieces shared by the fixed-window counters of sign-in (services/auth/login-throttle.ts) and of
 * the sellers' writes (services/limits/seller-limits.ts): the counts in this instance's memory, the
 * atomic increment in Redis, the Redis connection, and the failover from Redis to memory while Redis
 * does not answer (docs/reliability.md, "Redis down").
 */

/** A count and the ms left in its window (0 once the window has ended). */
export interface WindowCount {
  count: number;
  ttlMs: number;
}

/** Fixed windows in this process's memory: the first count of a key starts its window. */
export class MemoryWindows {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();

  read(key: string, now: number): WindowCount {
    const entry = this.counters.get(key);
    if (!entry || entry.resetAt <= now) return { count: 0, ttlMs: 0 };
    return { count: entry.count, ttlMs: entry.resetAt - now };
  }

  // Synchronous between the read and the write: atomic on the one JS thread.
  increment(key: string, windowMs: number, now: number): WindowCount {
    if (this.counters.size > 50_000) this.prune(now);
    const entry = this.counters.get(key);
    if (!entry || entry.resetAt <= now) {
      this.counters.set(key, { count: 1, resetAt: now + windowMs });
      return { count: 1, ttlMs: windowMs };
    }
    entry.count++;
    return { count: entry.count, ttlMs: entry.resetAt - now };
  }

  /** One less, only while the key's window lasts. */
  decrement(key: string, now: number): void {
    const entry = this.counters.get(key);
    if (entry && entry.resetAt > now && entry.count > 0) entry.count--;
  }

  delete(key: string): void {
    this.counters.delete(key);
  }

  clear(): void {
    this.counters.clear();
  }

  private prune(now: number) {
    for (const [key, entry] of this.counters) if (entry.resetAt <= now) this.counters.delete(key);
  }
}

/**
 * INCR, and start the window on the first hit: atomic, so concurrent requests all count. KEYS[1] is
 * the counter, ARGV[1] the window in ms; the answer is {count, ms left}, read by windowCount().
 */
export const INCREMENT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** The answer of INCREMENT_SCRIPT. */
export function windowCount(answer: unknown): WindowCount {
  const [count, ttl] = answer as [number, number];
  return { count: Number(count), ttlMs: Math.max(Number(ttl), 0) };
}

/** Quits politely, or drops the connection when Redis does not answer. */
export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}

/** What the failover tells: the first failure of an outage, and the first answer after it. */
export interface FailoverEvents {
  down(error: unknown): void;
  up(): void;
}

/**
 * Redis first; while it fails, this instance's memory. Every operation that the primary store
 * refuses is done on the fallback, which keeps counting for as long as the outage lasts, so the
 * limits hold per instance instead of being lifted, and nobody is refused for the outage itself.
 * The first failure calls `down` and the first answer after it `up`: an outage is two log lines,
 * not one per request. Counts made in memory are not copied to Redis afterwards.
 */
export abstract class FailoverStore<S extends { close(): Promise<void> }> {
  private degraded = false;

  constructor(
    protected readonly primary: S,
    protected readonly fallback: S,
    private readonly events: FailoverEvents,
  ) {}

  /** True while the primary does not answer and the counts are kept in the fallback. */
  get usingFallback(): boolean {
    return this.degraded;
  }

  protected async run<T>(op: (store: S) => Promise<T>): Promise<T> {
    try {
      const result = await op(this.primary);
      if (this.degraded) {
        this.degraded = false;
        this.events.up();
      }
      return result;
    } catch (error) {
      if (!this.degraded) {
        this.degraded = true;
        this.events.down(error);
      }
      return op(this.fallback);
    }
  }

  async close() {
    await Promise.all([this.primary.close(), this.fallback.close()]);
  }
}

/**
 * The Redis of the counters (REDIS_URL): it must answer at start-up (a Spanish error otherwise), and
 * later a Redis that hangs (stopped, not dead) must not hold a request: after 1 s the command fails
 * and the failover counts in memory.
 */
export async function connectCounterRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
    commandTimeout: 1000,
  });
  redis.on('error', (error) => log.warn({ err: error }, 'Redis: error de conexión'));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`No se pudo conectar a Redis (REDIS_URL): ${(error as Error).message}`);
  }
  return redis;
}

/** The two log lines of an outage; `what` is what is counted ("los límites por cuenta"). */
export const failoverLog = (log: FastifyBaseLogger, what: string): FailoverEvents => ({
  down: (error) =>
    log.warn(
      { err: error },
      `Redis no responde: ${what} se cuentan en la memoria de esta instancia hasta que vuelva`,
    ),
  up: () => log.info(`Redis responde de nuevo: ${what} se cuentan otra vez en Redis`),
});
