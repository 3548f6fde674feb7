import type { Redis } from 'ioredis';

/**
 * Counts failed logins per email and per IP in fixed windows (DECISIONS §2). A key over its
 * limit blocks further attempts until its window ends; a successful login clears its email key.
 * Counters live in Redis when REDIS_URL is set (shared by every instance), in memory otherwise.
 */
export interface CounterStore {
  /** Current count and milliseconds left in the window, for each key. */
  get(keys: string[]): Promise<{ count: number; ttlMs: number }[]>;
  /** Adds one to each key; the window starts with the first failure. */
  increment(keys: string[], windowMs: number): Promise<void>;
  reset(keys: string[]): Promise<void>;
  close(): Promise<void>;
}

export interface ThrottleLimits {
  windowMs: number;
  maxPerEmail: number;
  maxPerIp: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = { windowMs: 15 * 60 * 1000, maxPerEmail: 10, maxPerIp: 30 };

export class LoginThrottle {
  constructor(
    private readonly store: CounterStore,
    private readonly limits: ThrottleLimits = DEFAULT_LIMITS,
    private readonly prefix = 'panel:login:',
  ) {}

  private keys(email: string, ip: string) {
    return { email: `${this.prefix}email:${email.toLowerCase()}`, ip: `${this.prefix}ip:${ip}` };
  }

  /** Seconds to wait when blocked, else null. */
  async blockedFor(email: string, ip: string): Promise<number | null> {
    const k = this.keys(email, ip);
    const [byEmail, byIp] = await this.store.get([k.email, k.ip]);
    let waitMs = 0;
    if (byEmail && byEmail.count >= this.limits.maxPerEmail) waitMs = Math.max(waitMs, byEmail.ttlMs);
    if (byIp && byIp.count >= this.limits.maxPerIp) waitMs = Math.max(waitMs, byIp.ttlMs);
    return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : null;
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    await this.store.increment([k.email, k.ip], this.limits.windowMs);
  }

  /** Only the email's counter: one valid account must not reset an attacker's IP budget. */
  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.store.reset([this.keys(email, ip).email]);
  }

  close() {
    return this.store.close();
  }
}

export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly clock: () => number = Date.now) {}

  async get(keys: string[]) {
    const now = this.clock();
    return keys.map((key) => {
      const entry = this.counters.get(key);
      if (!entry || entry.resetAt <= now) return { count: 0, ttlMs: 0 };
      return { count: entry.count, ttlMs: entry.resetAt - now };
    });
  }

  async increment(keys: string[], windowMs: number) {
    const now = this.clock();
    if (this.counters.size > 50_000) this.prune(now);
    for (const key of keys) {
      const entry = this.counters.get(key);
      if (!entry || entry.resetAt <= now) this.counters.set(key, { count: 1, resetAt: now + windowMs });
      else entry.count++;
    }
  }

  async reset(keys: string[]) {
    for (const key of keys) this.counters.delete(key);
  }

  async close() {
    this.counters.clear();
  }

  private prune(now: number) {
    for (const [key, entry] of this.counters) if (entry.resetAt <= now) this.counters.delete(key);
  }
}

// INCR, and start the window on the first hit: atomic, so concurrent failures all count.
const INCREMENT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

export class RedisCounterStore implements CounterStore {
  constructor(private readonly redis: Redis) {}

  async get(keys: string[]) {
    const pipeline = this.redis.pipeline();
    for (const key of keys) pipeline.get(key).pttl(key);
    const results = (await pipeline.exec()) ?? [];
    return keys.map((_, i) => {
      const count = Number(results[i * 2]?.[1] ?? 0) || 0;
      const ttl = Number(results[i * 2 + 1]?.[1] ?? -2);
      return { count, ttlMs: Math.max(ttl, 0) };
    });
  }

  async increment(keys: string[], windowMs: number) {
    const pipeline = this.redis.pipeline();
    for (const key of keys) pipeline.eval(INCREMENT_SCRIPT, 1, key, String(windowMs));
    await pipeline.exec();
  }

  async reset(keys: string[]) {
    if (keys.length > 0) await this.redis.del(...keys);
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
