import { Redis } from 'ioredis';

/** The Redis of the tests that need a real one: TEST_REDIS_URL, or the local default. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether TEST_REDIS_URL answers a PING. When it does not, a notice says which tests are left out
 * (`skipped`, e.g. "las pruebas del límite con Redis"), and the caller skips them.
 */
export async function testRedisAnswers(skipped: string): Promise<boolean> {
  const redis = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1500,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    console.warn(`AVISO: Redis no responde en ${TEST_REDIS_URL}; se omiten ${skipped}`);
    return false;
  } finally {
    redis.disconnect();
  }
}
