import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { WindowCounters } from '../../lib/counters.ts';
import { DEFAULT_SELLER_LIMITS, parseSellerLimit } from '../../lib/seller-limit-settings.ts';
import { limitMessage, retryText, SellerLimiter, WindowLimitStore } from './seller-limits.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'panel-limits-'));

describe('seller limits in the configuration', () => {
  it('default to posts 10/10 min, comments 30/min, likes 120/min, push subscriptions 10/hour', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).sellerLimits).toEqual({
      posts: { max: 10, windowMs: 600_000 },
      comments: { max: 30, windowMs: 60_000 },
      likes: { max: 120, windowMs: 60_000 },
      pushSubscriptions: { max: 10, windowMs: 3_600_000 },
    });
    expect(DEFAULT_SELLER_LIMITS.posts).toEqual({ max: 10, windowMs: 600_000 });
  });

  it('read RATE_LIMIT_* as <count>/<time> in s, m or h', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      RATE_LIMIT_POSTS: '5/1h',
      RATE_LIMIT_COMMENTS: ' 60 / 2m ',
      RATE_LIMIT_LIKES: '10/30s',
      RATE_LIMIT_PUSH_SUBSCRIPTIONS: '3/24h',
    });
    expect(config.sellerLimits).toEqual({
      posts: { max: 5, windowMs: 3_600_000 },
      comments: { max: 60, windowMs: 120_000 },
      likes: { max: 10, windowMs: 30_000 },
      pushSubscriptions: { max: 3, windowMs: 86_400_000 },
    });
  });

  it('stop the start with a Spanish message naming the setting when they do not read', () => {
    for (const bad of ['diez', '10', '10/10', '0/1m', '10/0s', '10/25h', '-1/1m', '10/1d']) {
      expect(() => loadConfig({ DATA_DIR: tmp(), RATE_LIMIT_POSTS: bad }), bad).toThrow(/RATE_LIMIT_POSTS/);
    }
    expect(parseSellerLimit('diez')).toMatch(/por ejemplo 10\/10m/);
  });
});

describe('the 429 message', () => {
  it('names what was limited and when to try again', () => {
    expect(limitMessage('posts', 420)).toBe(
      'Publicaste muchas veces seguidas. Vas a poder publicar de nuevo en 7 minutos.',
    );
    expect(limitMessage('comments', 45)).toBe(
      'Comentaste muchas veces seguidas. Vas a poder comentar de nuevo en 45 segundos.',
    );
    expect(retryText(1)).toBe('en 1 segundo');
    expect(retryText(91)).toBe('en 2 minutos');
    expect(retryText(3600)).toBe('en 1 hora');
    expect(retryText(3661)).toBe('en 1 hora y 2 minutos');
  });
});

describe('the limiter', () => {
  // The memory store is rate-limiter-flexible's, on the process clock: the tests move a fake one.
  afterEach(() => vi.useRealTimers());

  it('lets max writes through in a window, refuses the next with the seconds left, and resets', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = new SellerLimiter(new WindowLimitStore(), {
      ...DEFAULT_SELLER_LIMITS,
      comments: { max: 3, windowMs: 60_000 },
    });
    for (let i = 0; i < 3; i++) expect((await limiter.hit('comments', 1)).allowed).toBe(true);
    vi.advanceTimersByTime(15_000);
    expect(await limiter.hit('comments', 1)).toMatchObject({ allowed: false, retryAfterSeconds: 45 });
    expect((await limiter.hit('comments', 2)).allowed).toBe(true);
    vi.advanceTimersByTime(45_000);
    expect((await limiter.hit('comments', 1)).allowed).toBe(true);
  });

  it('takes a refund only while the window lasts', async () => {
    vi.useFakeTimers({ now: 0 });
    const store = new WindowLimitStore();
    const limiter = new SellerLimiter(store, { ...DEFAULT_SELLER_LIMITS, posts: { max: 1, windowMs: 1000 } });
    const first = await limiter.hit('posts', 7);
    await limiter.refund(first.key);
    expect((await limiter.hit('posts', 7)).allowed).toBe(true);
    expect((await limiter.hit('posts', 7)).allowed).toBe(false);
    vi.advanceTimersByTime(1000);
    await limiter.refund(first.key);
    expect(await store.hit(first.key, 1000)).toEqual({ count: 1, ttlMs: 1000 });
  });

  it('counts in memory while Redis does not answer, and in Redis again when it does', async () => {
    // A client that never connected refuses every command at once (no offline queue): Redis is down.
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false });
    const events: string[] = [];
    const limiter = new SellerLimiter(
      new WindowLimitStore(
        new WindowCounters({
          redis,
          events: { down: () => events.push('down'), up: () => events.push('up') },
        }),
      ),
      { ...DEFAULT_SELLER_LIMITS, posts: { max: 2, windowMs: 60_000 } },
    );
    expect((await limiter.hit('posts', 1)).allowed).toBe(true);
    expect((await limiter.hit('posts', 1)).allowed).toBe(true);
    expect((await limiter.hit('posts', 1)).allowed).toBe(false);
    expect(events).toEqual(['down']);
    redis.disconnect();
  });
});
