import { MSG } from '@panel/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../src/testing/factories.ts';
import { TEST_REDIS_URL, testRedisAnswers } from '../../../src/testing/redis.ts';
import { loginAs } from '../../../src/testing/sign-in.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

const withRedis = await testRedisAnswers('las pruebas del límite con Redis');

/** The device cookie a successful sign-in left, as a browser sends it back. */
async function deviceCookie(ctx: TestContext, email: string, remoteAddress: string): Promise<string> {
  const res = await loginAs(ctx, email, TEST_PASSWORD, remoteAddress);
  expect(res.statusCode).toBe(200);
  return String(res.headers['set-cookie']).split(';')[0]!;
}

describe('login rate limit, in memory', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('blocks unknown devices of an account after 10 failures from any address, with 429 and Retry-After, even with the right password', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 10; i++) {
      expect((await loginAs(ctx, user.email, 'equivocada-1', `10.2.0.${i + 1}`)).statusCode).toBe(401);
    }
    const blocked = await loginAs(ctx, user.email, TEST_PASSWORD, '10.2.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: MSG.tooManyAttempts });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(blocked.headers['set-cookie']).toBeUndefined();
  });

  it('lets the owner sign in on a known device while other addresses hammer the account', async () => {
    const user = await createUser(ctx.db);
    const cookie = await deviceCookie(ctx, user.email, '10.9.1.1');
    // 3 attacking addresses × 6 attempts: the account's 10 failures, then 429 for every unknown device.
    const codes = [];
    for (let a = 1; a <= 3; a++)
      for (let i = 0; i < 6; i++)
        codes.push((await loginAs(ctx, user.email, `mala-${i}`, `10.9.0.${a}`)).statusCode);
    expect(codes).toEqual([...Array(10).fill(401), ...Array(8).fill(429)]);
    // The owner's browser, even from a new address (a phone changing networks), is never refused.
    expect((await loginAs(ctx, user.email, TEST_PASSWORD, '10.9.1.1', cookie)).statusCode).toBe(200);
    expect((await loginAs(ctx, user.email, TEST_PASSWORD, '10.9.1.2', cookie)).statusCode).toBe(200);
    // A new browser of the owner's waits like the attackers (OWASP's device-cookie pattern).
    expect((await loginAs(ctx, user.email, TEST_PASSWORD, '10.9.1.1')).statusCode).toBe(429);
  });

  it('never answers more than 10 of 20 parallel wrong attempts on one account', async () => {
    const user = await createUser(ctx.db);
    const cookie = await deviceCookie(ctx, user.email, '10.10.1.1');
    const codes = (
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => loginAs(ctx, user.email, `paralela-${i}`, `10.10.0.${i + 1}`)),
      )
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    expect((await loginAs(ctx, user.email, TEST_PASSWORD, '10.10.0.1')).statusCode).toBe(429);
    expect((await loginAs(ctx, user.email, TEST_PASSWORD, '10.10.0.1', cookie)).statusCode).toBe(200);
  });

  it('a known device has its own budget of 10 failures, and only for its account', async () => {
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const cookie = await deviceCookie(ctx, user.email, '10.13.0.1');
    for (let i = 0; i < 10; i++)
      expect((await loginAs(ctx, user.email, `typo-${i}`, '10.13.0.1', cookie)).statusCode).toBe(401);
    expect((await loginAs(ctx, user.email, TEST_PASSWORD, '10.13.0.1', cookie)).statusCode).toBe(429);
    // The cookie is no key to another account: its failures count as an unknown device's.
    for (let i = 0; i < 10; i++)
      expect((await loginAs(ctx, other.email, `typo-${i}`, `10.13.1.${i}`, cookie)).statusCode).toBe(401);
    expect((await loginAs(ctx, other.email, TEST_PASSWORD, '10.13.0.1', cookie)).statusCode).toBe(429);
  });

  it('blocks one address spraying many emails after 30 failures, whatever the email', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 30; i++) {
      expect((await loginAs(ctx, `nadie${i}@prueba.test`, 'equivocada-1', ip)).statusCode).toBe(401);
    }
    const user = await createUser(ctx.db);
    expect((await loginAs(ctx, user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    expect((await loginAs(ctx, user.email, TEST_PASSWORD, '10.3.0.2')).statusCode).toBe(200);
  });

  it('many people signing in from one address do not use up its budget', async () => {
    const people = await Promise.all(Array.from({ length: 35 }, () => createUser(ctx.db)));
    const codes = await Promise.all(people.map((p) => loginAs(ctx, p.email, TEST_PASSWORD, '10.11.0.1')));
    expect(codes.every((r) => r.statusCode === 200)).toBe(true);
  });

  it('answers an unknown email exactly as a wrong password', async () => {
    const user = await createUser(ctx.db);
    const wrong = await loginAs(ctx, user.email, 'equivocada-1', '10.12.0.1');
    const unknown = await loginAs(ctx, 'no.existe@prueba.test', 'equivocada-1', '10.12.0.1');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
  });
});

describe.skipIf(!withRedis)('login rate limit, in Redis (REDIS_URL)', () => {
  let ctx: TestContext;
  let other: TestContext;
  beforeAll(async () => {
    const prefix = `test:${process.pid}:${Date.now()}:`;
    const options = {
      env: { REDIS_URL: TEST_REDIS_URL },
      rateLimit: { prefix, limits: { maxPerAccount: 3, maxPerIp: 5 } },
    };
    // Two app instances sharing one Redis: the counters are shared, as behind a load balancer.
    ctx = await createTestContext(options);
    other = await createTestContext(options);
  });
  afterAll(async () => {
    await ctx?.close();
    await other?.close();
  });

  it('counts failures across instances and answers 429 with Retry-After', async () => {
    const email = `compartido.${Date.now()}@prueba.test`;
    expect((await loginAs(ctx, email, 'x-equivocada', '10.5.0.1')).statusCode).toBe(401);
    expect((await loginAs(other, email, 'x-equivocada', '10.5.0.1')).statusCode).toBe(401);
    expect((await loginAs(ctx, email, 'x-equivocada', '10.5.0.1')).statusCode).toBe(401);
    const blocked = await loginAs(other, email, 'x-equivocada', '10.5.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps the counters in Redis with an expiry', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const ip = '10.6.0.1';
      await loginAs(ctx, `ip.${Date.now()}@prueba.test`, 'x-equivocada', ip);
      const keys = await redis.keys(`*ip:${ip}`);
      expect(keys.length).toBeGreaterThan(0);
      expect(await redis.pttl(keys[0]!)).toBeGreaterThan(0);
      await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });

  it('never answers more than the limit to parallel attempts spread over two instances', async () => {
    const user = await createUser(ctx.db);
    const cookie = await deviceCookie(ctx, user.email, '10.7.1.1');
    const codes = (
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => loginAs(i % 2 ? ctx : other, user.email, `p-${i}`, '10.7.0.1')),
      )
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(17);
    expect((await loginAs(ctx, user.email, TEST_PASSWORD, '10.7.0.2')).statusCode).toBe(429);
    expect((await loginAs(ctx, user.email, TEST_PASSWORD, '10.7.0.2', cookie)).statusCode).toBe(200);
  });
});
