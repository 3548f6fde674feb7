import type { Redis } from 'ioredis';

/**
 * Login attempt limits (DECISIONS §2, ASVS V2.2.1), built so that nobody can lock an owner out:
 *
 * - hard blocks (429) only per (email, address) and per address: an attacker who guesses one
 *   account, or sprays many from one address, is stopped; the owner's own address is unaffected;
 * - across addresses an email is only slowed down, with a progressive delay capped at a few
 *   seconds, so a botnet guessing one account gets very few tries while the owner still signs in;
 * - failures are counted atomically (INCR) and the verdict is given after counting: an attempt whose
 *   failure lands beyond a limit is answered 429, and a correct password is refused with the same 429
 *   while its pair or address is over the limit. So parallel attempts never learn more than the limit
 *   allows, and successes (a crowd signing in from one office) never use up the address's budget.
 *
 * Counters live in Redis when REDIS_URL is set (shared by every instance), in memory otherwise.
 */
export interface CounterStore {
  /** Adds one to each key and returns the new counts with the ms left in the window (atomic per key). */
  increment(keys: string[], windowMs: number): Promise<{ count: number; ttlMs: number }[]>;
  /** Current count and ms left in the window, for each key. */
  get(keys: string[]): Promise<{ count: number; ttlMs: number }[]>;
  reset(keys: string[]): Promise<void>;
  close(): Promise<void>;
}

export interface ThrottleLimits {
  windowMs: number;
  /** Attempts per (email, address) in a window before a hard block. */
  maxPerPair: number;
  /** Attempts per address in a window, whatever the email, before a hard block. */
  maxPerIp: number;
  /** Failures of one email (from any address) that cost no delay. */
  freeFailuresPerEmail: number;
  /** First delay after the free failures; it doubles with each further failure… */
  delayBaseMs: number;
  /** …up to this cap. */
  delayCapMs: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = {
  windowMs: 15 * 60 * 1000,
  maxPerPair: 10,
  maxPerIp: 30,
  freeFailuresPerEmail: 5,
  delayBaseMs: 250,
  delayCapMs: 3000,
};

export type Admission = { blocked: true; retryAfterSeconds: number } | { blocked: false; delayMs: number };
export type Verdict = { blocked: true; retryAfterSeconds: number } | { blocked: false };

export class LoginThrottle {
  constructor(
    private readonly store: CounterStore,
    private readonly limits: ThrottleLimits = DEFAULT_LIMITS,
    private readonly prefix = 'panel:login:',
  ) {}

  private keys(email: string, ip: string) {
    const normalized = email.trim().toLowerCase();
    return {
      pair: `${this.prefix}pair:${ip}:${normalized}`,
      ip: `${this.prefix}ip:${ip}`,
      email: `${this.prefix}email:${normalized}`,
    };
  }

  /** Delay owed after `failures` failures of one email across addresses. */
  delayFor(failures: number): number {
    const over = failures - this.limits.freeFailuresPerEmail;
    if (over < 0) return 0;
    return Math.min(this.limits.delayCapMs, this.limits.delayBaseMs * 2 ** Math.min(over, 30));
  }

  /** Counts already at their limit block before any password work; else the email's delay. */
  async admit(email: string, ip: string): Promise<Admission> {
    const k = this.keys(email, ip);
    const [pair, byIp, byEmail] = await this.store.get([k.pair, k.ip, k.email]);
    const verdict = this.verdict(pair, byIp, (count, max) => count >= max);
    if (verdict.blocked) return verdict;
    return { blocked: false, delayMs: this.delayFor(byEmail?.count ?? 0) };
  }

  /** A wrong password or unknown email, counted atomically; beyond a limit the answer is 429. */
  async recordFailure(email: string, ip: string): Promise<Verdict> {
    const k = this.keys(email, ip);
    const [pair, byIp] = await this.store.increment([k.pair, k.ip, k.email], this.limits.windowMs);
    return this.verdict(pair, byIp, (count, max) => count > max);
  }

  /**
   * The right password: refused (429) while the pair or address is over its limit, so a guess that
   * slipped in beside parallel failures learns nothing; else the pair starts afresh. The email's
   * delay stays: one valid sign-in must not reset an attacker's budget elsewhere.
   */
  async recordSuccess(email: string, ip: string): Promise<Verdict> {
    const k = this.keys(email, ip);
    const [pair, byIp] = await this.store.get([k.pair, k.ip]);
    const verdict = this.verdict(pair, byIp, (count, max) => count >= max);
    if (!verdict.blocked) await this.store.reset([k.pair]);
    return verdict;
  }

  private verdict(
    pair: { count: number; ttlMs: number } | undefined,
    byIp: { count: number; ttlMs: number } | undefined,
    over: (count: number, max: number) => boolean,
  ): Verdict {
    let blocked = false;
    let waitMs = 0;
    for (const [counter, max] of [
      [pair, this.limits.maxPerPair],
      [byIp, this.limits.maxPerIp],
    ] as const) {
      if (!counter || !over(counter.count, max)) continue;
      blocked = true;
      waitMs = Math.max(waitMs, counter.ttlMs);
    }
    return blocked ? { blocked, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) } : { blocked };
  }

  close() {
    return this.store.close();
  }
}

export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly clock: () => number = Date.now) {}

  private read(key: string, now: number) {
    const entry = this.counters.get(key);
    if (!entry || entry.resetAt <= now) return { count: 0, ttlMs: 0 };
    return { count: entry.count, ttlMs: entry.resetAt - now };
  }

  async get(keys: string[]) {
    const now = this.clock();
    return keys.map((key) => this.read(key, now));
  }

  // Synchronous between the read and the write: atomic on the one JS thread.
  async increment(keys: string[], windowMs: number) {
    const now = this.clock();
    if (this.counters.size > 50_000) this.prune(now);
    return keys.map((key) => {
      const entry = this.counters.get(key);
      if (!entry || entry.resetAt <= now) {
        this.counters.set(key, { count: 1, resetAt: now + windowMs });
        return { count: 1, ttlMs: windowMs };
      }
      entry.count++;
      return { count: entry.count, ttlMs: entry.resetAt - now };
    });
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

// INCR, and start the window on the first hit: atomic, so concurrent attempts all count.
const INCREMENT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

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
    const results = (await pipeline.exec()) ?? [];
    return keys.map((_, i) => {
      const [error, value] = results[i] ?? [new Error('sin respuesta'), null];
      if (error) throw error;
      const [count, ttl] = value as [number, number];
      return { count: Number(count), ttlMs: Math.max(Number(ttl), 0) };
    });
  }

  async reset(keys: string[]) {
    if (keys.length > 0) await this.redis.del(...keys);
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
