import { type WindowCount, WindowCounters } from '../../lib/counters.ts';

/**
 * Login attempt limits (docs/product.md#sign-in-and-sessions "Sign-in protection", ASVS V2.2.1), after OWASP's device
 * cookie pattern (device-cookie.ts):
 *
 * - an attempt from a browser with a valid device cookie for that account counts only against that
 *   device's budget: the owner is never slowed down or locked out by guesses from elsewhere;
 * - attempts without one share one budget per account across every address (maxPerAccount in a
 *   window), and one per address whatever the account (maxPerIp, against spraying many accounts);
 *   beyond either the answer is 429, even with the right password, until the window ends;
 * - failures are counted atomically (INCR) and the verdict is given after counting: an attempt whose
 *   failure lands beyond a limit is answered 429, so parallel attempts never learn more than the limit
 *   allows; successes never use up a budget (a crowd signing in from one office).
 *
 * Counters live in Redis when REDIS_URL is set (shared by every instance), in memory otherwise.
 * While Redis does not answer, each instance counts in its own memory (WindowCounterStore): the
 * protection stays, per instance, instead of being lifted (issue 22, item 5; docs/reliability.md).
 */
export interface CounterStore {
  /** Adds one to each key and returns the new counts with the ms left in the window (atomic per key). */
  increment(keys: string[], windowMs: number): Promise<WindowCount[]>;
  /** Current count and ms left in the window, for each key. */
  get(keys: string[]): Promise<WindowCount[]>;
  reset(keys: string[]): Promise<void>;
  /** Takes one back from each key, only while its window lasts and never below zero. */
  refund(keys: string[]): Promise<void>;
  close(): Promise<void>;
}

export interface ThrottleLimits {
  windowMs: number;
  /** Failures without a device cookie for one account, from any address, before a block. */
  maxPerAccount: number;
  /** Failures without a device cookie from one address, whatever the account, before a block. */
  maxPerIp: number;
  /** Failures on one known device for one account before that device is blocked too. */
  maxPerDevice: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = {
  windowMs: 15 * 60 * 1000,
  maxPerAccount: 10,
  maxPerIp: 30,
  maxPerDevice: 10,
};

/** One sign-in attempt: `device` is the id of a valid device cookie for this email, or null. */
export interface LoginAttempt {
  email: string;
  ip: string;
  device: string | null;
}

export type Verdict = { blocked: true; retryAfterSeconds: number } | { blocked: false };

export class LoginThrottle {
  constructor(
    private readonly store: CounterStore,
    private readonly limits: ThrottleLimits = DEFAULT_LIMITS,
    private readonly prefix = 'panel:login:',
  ) {}

  /** The counters an attempt is judged by, with their limits. */
  private counters({ email, ip, device }: LoginAttempt): { keys: string[]; limits: number[] } {
    const account = email.trim().toLowerCase();
    if (device)
      return { keys: [`${this.prefix}device:${device}:${account}`], limits: [this.limits.maxPerDevice] };
    return {
      keys: [`${this.prefix}account:${account}`, `${this.prefix}ip:${ip}`],
      limits: [this.limits.maxPerAccount, this.limits.maxPerIp],
    };
  }

  /** Budgets already used up block before any password work. */
  async admit(attempt: LoginAttempt): Promise<Verdict> {
    const { keys, limits } = this.counters(attempt);
    return this.verdict(await this.store.get(keys), limits, (count, max) => count >= max);
  }

  /** A wrong password or unknown email, counted atomically; beyond a limit the answer is 429. */
  async recordFailure(attempt: LoginAttempt): Promise<Verdict> {
    const { keys, limits } = this.counters(attempt);
    const counts = await this.store.increment(keys, this.limits.windowMs);
    return this.verdict(counts, limits, (count, max) => count > max);
  }

  /**
   * The right password: refused (429) while a budget is used up, so a guess that slipped in beside
   * parallel failures learns nothing. On a known device its budget starts afresh; the shared budgets
   * of unknown devices do not (one valid sign-in must not reset an attacker's budget).
   */
  async recordSuccess(attempt: LoginAttempt): Promise<Verdict> {
    const { keys, limits } = this.counters(attempt);
    const verdict = this.verdict(await this.store.get(keys), limits, (count, max) => count >= max);
    if (!verdict.blocked && attempt.device) await this.store.reset(keys);
    return verdict;
  }

  /**
   * One more event against a budget of its own (`max` in `windowMs`), in the same store as sign-in
   * (Redis or memory, with the same fallback): blocked once the count goes beyond `max`. Used by the
   * password reset (per address, per account) and the password change (per session, per account).
   */
  async hit(name: string, max: number, windowMs: number): Promise<Verdict> {
    const counts = await this.store.increment([`${this.prefix}${name}`], windowMs);
    return this.verdict(counts, [max], (count, limit) => count > limit);
  }

  /**
   * Gives back one event of hit() (while its window lasts): a check reserved before slow work and then
   * not counted against the budget (refused, or the right answer).
   */
  async refund(name: string): Promise<void> {
    await this.store.refund([`${this.prefix}${name}`]);
  }

  /** Whether a budget of hit() is already used up, without counting. */
  async check(name: string, max: number): Promise<Verdict> {
    const counts = await this.store.get([`${this.prefix}${name}`]);
    return this.verdict(counts, [max], (count, limit) => count >= limit);
  }

  private verdict(
    counts: WindowCount[],
    limits: number[],
    over: (count: number, max: number) => boolean,
  ): Verdict {
    let waitMs = -1;
    counts.forEach((counter, i) => {
      if (over(counter.count, limits[i]!)) waitMs = Math.max(waitMs, counter.ttlMs);
    });
    return waitMs >= 0
      ? { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) }
      : { blocked: false };
  }

  close() {
    return this.store.close();
  }
}

/**
 * Sign-in's counters on lib/counters.ts (rate-limiter-flexible): in Redis with REDIS_URL, and in this
 * instance's memory while Redis does not answer, so a Redis outage does not lift the sign-in limits
 * (issue 22, item 5; the outage's budget is per instance); in memory alone without REDIS_URL.
 */
export class WindowCounterStore implements CounterStore {
  constructor(private readonly counters: WindowCounters = new WindowCounters()) {}

  get(keys: string[]) {
    return Promise.all(keys.map((key) => this.counters.read(key)));
  }

  increment(keys: string[], windowMs: number) {
    return Promise.all(keys.map((key) => this.counters.increment(key, windowMs)));
  }

  async refund(keys: string[]) {
    await Promise.all(keys.map((key) => this.counters.refund(key)));
  }

  async reset(keys: string[]) {
    // Both stores: a success on a known device starts its budget afresh wherever it was counted.
    await Promise.all(keys.map((key) => this.counters.reset(key)));
  }

  close() {
    return this.counters.close();
  }
}
