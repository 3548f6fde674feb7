import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_REDIS_URL, testRedisAnswers } from '../testing/redis.ts';
import { WindowCounters } from './counters.ts';

describe('WindowCounters in memory (rate-limiter-flexible)', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('starts a window on the first count, counts within it, and starts afresh once it ends', async () => {
    const counters = new WindowCounters();
    expect(await counters.read('k')).toEqual({ count: 0, ttlMs: 0 });
    expect(await counters.increment('k', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    vi.advanceTimersByTime(400);
    expect(await counters.increment('k', 1000)).toEqual({ count: 2, ttlMs: 600 });
    vi.advanceTimersByTime(599);
    expect(await counters.read('k')).toEqual({ count: 2, ttlMs: 1 });
    vi.advanceTimersByTime(1);
    expect(await counters.read('k')).toEqual({ count: 0, ttlMs: 0 });
    expect(await counters.increment('k', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    // Every key has its own window length.
    expect(await counters.increment('long', 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
  });

  it('gives one back only while the window lasts, never below zero', async () => {
    const counters = new WindowCounters();
    await counters.increment('k', 1000);
    vi.advanceTimersByTime(10);
    await counters.refund('k');
    await counters.refund('k');
    expect(await counters.read('k')).toEqual({ count: 0, ttlMs: 990 });
    await counters.increment('k', 1000);
    vi.advanceTimersByTime(990);
    await counters.refund('k');
    expect(await counters.increment('k', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    // A refund of a key never counted does not create it.
    await counters.refund('nunca');
    expect(await counters.increment('nunca', 1000)).toEqual({ count: 1, ttlMs: 1000 });
  });

  it('resets a key, and refuses a window that is not whole seconds', async () => {
    const counters = new WindowCounters();
    await counters.increment('k', 5000);
    await counters.reset('k');
    expect(await counters.read('k')).toEqual({ count: 0, ttlMs: 0 });
    await expect(counters.increment('k', 1500)).rejects.toThrow(RangeError);
  });
});

const withRedis = await testRedisAnswers('las pruebas de los contadores en Redis');

describe.skipIf(!withRedis)('WindowCounters in Redis (rate-limiter-flexible)', () => {
  const prefix = `panel:test:counters:${process.pid}:${Date.now()}:`;
  const probe = new Redis(TEST_REDIS_URL);
  const clients: Redis[] = [];
  const client = () => {
    const redis = new Redis(TEST_REDIS_URL, { enableOfflineQueue: false, commandTimeout: 1000 });
    redis.on('error', () => {});
    clients.push(redis);
    return new Promise<Redis>((resolve) => redis.once('ready', () => resolve(redis)));
  };
  const stop = async (redis: Redis) => {
    const ended = new Promise((resolve) => redis.once('end', resolve));
    redis.disconnect();
    await ended;
  };
  afterAll(async () => {
    const keys = await probe.keys(`${prefix}*`);
    if (keys.length > 0) await probe.del(...keys);
    probe.disconnect();
    for (const redis of clients) redis.disconnect();
  });

  it('counts atomically in a key that expires with its window: a parallel burst gets 1 to 50', async () => {
    const counters = new WindowCounters({ redis: await client() });
    const counts = await Promise.all(
      Array.from({ length: 50 }, () => counters.increment(`${prefix}a`, 60_000)),
    );
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(Number(await probe.get(`${prefix}a`))).toBe(50);
    const ttl = await probe.pttl(`${prefix}a`);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    const read = await counters.read(`${prefix}a`);
    expect(read.count).toBe(50);
    expect(read.ttlMs).toBeGreaterThan(55_000);
  });

  it('takes a refund only while the window lasts, never below zero, and never brings an expired key back', async () => {
    const counters = new WindowCounters({ redis: await client() });
    await counters.increment(`${prefix}r`, 60_000);
    await counters.refund(`${prefix}r`);
    await counters.refund(`${prefix}r`);
    expect(await probe.get(`${prefix}r`)).toBe('0');
    expect(await probe.pttl(`${prefix}r`)).toBeGreaterThan(0);
    await counters.refund(`${prefix}gone`);
    expect(await probe.exists(`${prefix}gone`)).toBe(0);
    await counters.increment(`${prefix}gone`, 60_000);
    await probe.pexpire(`${prefix}gone`, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await counters.refund(`${prefix}gone`);
    expect(await probe.exists(`${prefix}gone`)).toBe(0);
    expect(await counters.increment(`${prefix}gone`, 60_000)).toMatchObject({ count: 1 });
  });

  it('counts in memory while Redis does not answer, telling once when it goes and once when it is back', async () => {
    const redis = await client();
    const events: string[] = [];
    const counters = new WindowCounters({
      redis,
      events: { down: () => events.push('down'), up: () => events.push('up') },
    });
    const key = `${prefix}f`;
    expect((await counters.increment(key, 60_000)).count).toBe(1);
    await stop(redis);
    // In memory: the count starts afresh there, and every operation keeps answering.
    expect((await counters.increment(key, 60_000)).count).toBe(1);
    expect((await counters.increment(key, 60_000)).count).toBe(2);
    expect((await counters.read(key)).count).toBe(2);
    await counters.refund(key);
    expect((await counters.read(key)).count).toBe(1);
    expect(counters.usingFallback).toBe(true);
    expect(events).toEqual(['down']);
    await redis.connect();
    // Back in Redis, where the first count still is.
    expect((await counters.increment(key, 60_000)).count).toBe(2);
    expect(counters.usingFallback).toBe(false);
    expect(events).toEqual(['down', 'up']);
    // A reset clears the key in Redis and in this instance's memory.
    await counters.reset(key);
    expect(await probe.exists(key)).toBe(0);
    await stop(redis);
    expect((await counters.increment(key, 60_000)).count).toBe(1);
    expect(events).toEqual(['down', 'up', 'down']);
  });
});
