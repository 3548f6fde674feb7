import { MSG } from '@panel/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1500 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
const withRedis = await redisAnswers();
if (!withRedis)
  console.warn(`AVISO: Redis no responde en ${REDIS_URL}; se omiten las pruebas del límite con Redis`);

function loginAs(ctx: TestContext, email: string, password: string, remoteAddress: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });
}

describe('login rate limit, in memory', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('blocks an email after 10 failures in 15 minutes with 429 and Retry-After, even with the right password', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 10; i++) {
      // A different IP each time: the per-email counter alone blocks.
      expect((await loginAs(ctx, user.email, 'equivocada-1', `10.2.0.${i + 1}`)).statusCode).toBe(401);
    }
    const blocked = await loginAs(ctx, user.email, TEST_PASSWORD, '10.2.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: MSG.tooManyAttempts });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });

  it('blocks an IP after 30 failures whatever the email', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 30; i++) {
      expect((await loginAs(ctx, `nadie${i}@prueba.test`, 'equivocada-1', ip)).statusCode).toBe(401);
    }
    const user = await createUser(ctx.db);
    expect((await loginAs(ctx, user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    expect((await loginAs(ctx, user.email, TEST_PASSWORD, '10.3.0.2')).statusCode).toBe(200);
  });

  it('clears the email counter on a successful login', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 9; i++) await loginAs(ctx, user.email, 'equivocada-1', `10.4.0.${i + 1}`);
    expect((await loginAs(ctx, user.email, TEST_PASSWORD, '10.4.1.1')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) {
      expect((await loginAs(ctx, user.email, 'equivocada-1', `10.4.2.${i + 1}`)).statusCode).toBe(401);
    }
    expect((await loginAs(ctx, user.email, TEST_PASSWORD, '10.4.3.1')).statusCode).toBe(200);
  });
});

describe.skipIf(!withRedis)('login rate limit, in Redis (REDIS_URL)', () => {
  let ctx: TestContext;
  let other: TestContext;
  beforeAll(async () => {
    const prefix = `test:${process.pid}:${Date.now()}:`;
    const options = { env: { REDIS_URL }, rateLimit: { prefix, limits: { maxPerEmail: 3, maxPerIp: 5 } } };
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
    expect((await loginAs(other, email, 'x-equivocada', '10.5.0.2')).statusCode).toBe(401);
    expect((await loginAs(ctx, email, 'x-equivocada', '10.5.0.3')).statusCode).toBe(401);
    const blocked = await loginAs(other, email, 'x-equivocada', '10.5.0.4');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps the counters in Redis with an expiry', async () => {
    const redis = new Redis(REDIS_URL);
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

  it('clears the email counter on success', async () => {
    const user = await createUser(ctx.db);
    await loginAs(ctx, user.email, 'x-equivocada', '10.7.0.1');
    await loginAs(ctx, user.email, 'x-equivocada', '10.7.0.2');
    expect((await loginAs(ctx, user.email, TEST_PASSWORD, '10.7.0.3')).statusCode).toBe(200);
    await loginAs(ctx, user.email, 'x-equivocada', '10.7.0.4');
    await loginAs(ctx, user.email, 'x-equivocada', '10.7.0.5');
    expect((await loginAs(ctx, user.email, TEST_PASSWORD, '10.7.0.6')).statusCode).toBe(200);
  });
});
