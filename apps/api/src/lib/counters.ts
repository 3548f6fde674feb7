import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * The fixed-window counters of sign-in (services/auth/login-throttle.ts) and of the sellers' writes
 * (services/limits/seller-limits.ts), on rate-limiter-flexible
 * (docs/decisions/2026-12-02-counters-on-rate-limiter-flexible.md): Redis when REDIS_URL is set, with
 * the library's insurance limiter counting in this instance's memory while Redis does not answer
 * (docs/reliability.md, "Redis down"); memory alone otherwise.
 *
 * What the adapter adds to the library: the verdicts stay with the callers (a count and the ms left in
 * its window are all they read), a refund is taken only while its window lasts and never goes below
 * zero (in Redis in the same Lua script as the count, so it stays atomic), and an outage is told
 * twice (when it starts, when Redis answers again), not once per request.
 */

/** A count and the ms left in its window (0 once the window has ended). */
export interface WindowCount {
  count: number;
  ttlMs: number;
}

/** What the failover tells: the first failure of an outage, and the first answer after it. */
export interface FailoverEvents {
  down(error: unknown): void;
  up(): void;
}

/**
 * rate-limiter-flexible's count in Redis (its `incrTtlLuaScript`: the first count of a key starts its
 * window), plus the refund rule: a negative change (a reward) lowers only a key that still has its
 * window and a count above zero, so an expired key never comes back and a count never goes below
 * zero. KEYS[1] is the key; ARGV[1] the change, ARGV[2] the window in seconds (the library's order).
 */
export const COUNT_SCRIPT = `
local change = tonumber(ARGV[1])
if change < 0 then
  local ttl = redis.call('PTTL', KEYS[1])
  local n = tonumber(redis.call('GET', KEYS[1]) or '0')
  if ttl > 0 and n > 0 then n = redis.call('DECRBY', KEYS[1], math.min(-change, n)) end
  return {n, math.max(ttl, 0)}
end
redis.call('SET', KEYS[1], 0, 'EX', ARGV[2], 'NX')
local n = redis.call('INCRBY', KEYS[1], change)
local ttl = redis.call('PTTL', KEYS[1])
if ttl == -1 then
  redis.call('EXPIRE', KEYS[1], ARGV[2])
  ttl = 1000 * ARGV[2]
end
return {n, ttl}`;

type Options = { customDuration?: number };

/**
 * The library's memory limiter with the same refund rule as COUNT_SCRIPT. As the insurance of the
 * Redis limiter it also tells the adapter that Redis failed (`onUse`): the library calls it only then.
 */
class MemoryCounts extends RateLimiterMemory {
  onUse: () => void = () => {};

  override penalty(key: string | number, points?: number, options?: Options) {
    this.onUse();
    return super.penalty(key, points, options);
  }

  override get(key: string | number, options?: Options) {
    this.onUse();
    return super.get(key, options);
  }

  override delete(key: string | number, options?: Options) {
    this.onUse();
    return super.delete(key, options);
  }

  override async reward(key: string | number, points = 1, options?: Options) {
    this.onUse();
    const current = await super.get(key, options);
    if (!current || current.msBeforeNext <= 0 || current.consumedPoints <= 0) {
      return new RateLimiterRes(0, 0, 0, false);
    }
    return super.reward(key, Math.min(points, current.consumedPoints), options);
  }

  /** Deletes the key without telling that Redis failed (the adapter's own reset of both stores). */
  forget(key: string) {
    return super.delete(key);
  }
}

const toWindowCount = (res: RateLimiterRes | null): WindowCount =>
  !res || res.msBeforeNext <= 0
    ? { count: 0, ttlMs: 0 }
    : { count: Math.max(res.consumedPoints, 0), ttlMs: res.msBeforeNext };

/** The library's windows are whole seconds; every window here is (settings are s, m or h). */
function seconds(windowMs: number): number {
  if (!Number.isInteger(windowMs / 1000) || windowMs < 1000) {
    throw new RangeError(`ventana de ${windowMs} ms: debe ser de segundos enteros`);
  }
  return windowMs / 1000;
}

export interface WindowCountersOptions {
  /** Counts in Redis, shared by every instance (connectCounterRedis); without it, in memory. */
  redis?: Redis;
  /** Told when Redis stops answering and when it answers again (failoverLog). */
  events?: FailoverEvents;
}

/** Fixed windows per key: the first count of a key starts its window; every key has its own length. */
export class WindowCounters {
  private readonly memory = new MemoryCounts({ points: 1, duration: 1, keyPrefix: '' });
  private readonly limiter: RateLimiterRedis | MemoryCounts;
  private readonly redis: Redis | null;
  private readonly events: FailoverEvents;
  private degraded = false;
  /** Calls of the memory limiter as insurance: one that did not move this answered from Redis. */
  private fallbackUses = 0;

  constructor({ redis, events = { down: () => {}, up: () => {} } }: WindowCountersOptions = {}) {
    this.redis = redis ?? null;
    this.events = events;
    if (!redis) {
      this.limiter = this.memory;
      return;
    }
    this.memory.onUse = () => {
      this.fallbackUses++;
      if (this.degraded) return;
      this.degraded = true;
      this.events.down(new Error(`Redis no responde (estado de la conexión: ${redis.status})`));
    };
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: '',
      points: 1,
      duration: 1,
      rejectIfRedisNotReady: true,
      customIncrTtlLuaScript: COUNT_SCRIPT,
      insuranceLimiter: this.memory,
    });
  }

  /** True while Redis does not answer and the counts are kept in this instance's memory. */
  get usingFallback(): boolean {
    return this.degraded;
  }

  private async run<T>(op: (limiter: RateLimiterRedis | MemoryCounts) => Promise<T>): Promise<T> {
    const uses = this.fallbackUses;
    const result = await op(this.limiter);
    if (this.degraded && this.redis && this.fallbackUses === uses) {
      this.degraded = false;
      this.events.up();
    }
    return result;
  }

  /** One more in the key's window (atomic per key), starting a window of `windowMs` on the first. */
  async increment(key: string, windowMs: number): Promise<WindowCount> {
    const customDuration = seconds(windowMs);
    return toWindowCount(await this.run((l) => l.penalty(key, 1, { customDuration })));
  }

  /** The key's count and the ms left in its window, without counting. */
  async read(key: string): Promise<WindowCount> {
    return toWindowCount(await this.run((l) => l.get(key)));
  }

  /** One less, only while the key's window lasts, never below zero. */
  async refund(key: string): Promise<void> {
    await this.run((l) => l.reward(key, 1));
  }

  /** Starts the key afresh, in Redis and in this instance's memory. */
  async reset(key: string): Promise<void> {
    await this.run((l) => l.delete(key));
    if (this.limiter !== this.memory) await this.memory.forget(key);
  }

  async close(): Promise<void> {
    if (this.redis) await closeRedis(this.redis);
  }
}

/** Quits politely, or drops the connection when Redis does not answer. */
export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}

/**
 * The Redis of the counters (REDIS_URL): it must answer at start-up (a Spanish error otherwise), and
 * later a Redis that hangs (stopped, not dead) must not hold a request: after 1 s the command fails
 * and the counts go to memory.
 */
export async function connectCounterRedis(
  url: string,
  log: FastifyBaseLogger,
  { commandTimeoutMs = 1000 }: { commandTimeoutMs?: number } = {},
): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
    commandTimeout: commandTimeoutMs,
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
