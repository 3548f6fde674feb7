import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../../src/app.ts';
import { queryRows } from '../../../src/db/client.ts';
import { checkContract } from '../../../src/testing/contract.ts';
import { bearer, createPost, createUser, tokenFor } from '../../../src/testing/factories.ts';
import { formData, makeImage } from '../../../src/testing/images.ts';
import { browserKeys } from '../../../src/testing/push-service.ts';
import { TEST_REDIS_URL, testRedisAnswers } from '../../../src/testing/redis.ts';
import { createTestContext, type TestContext, testConfig } from '../../../src/testing/test-app.ts';

/**
 * Issue 20, item 11: per-account limits on the community app's writes. On main, 60 posts went
 * through in about a second and 1,500 comments with distinct idempotency keys in 3 s.
 */
const withRedis = await testRedisAnswers('las pruebas de límites con Redis');

let png: Buffer;
const postForm = (content: string) =>
  formData({ content }, [{ field: 'images[]', name: 'foto.png', type: 'image/png', bytes: png }]);
/** A seller's post with one image, as the app sends it. */
const publish = (app: App, token: string, content: string) =>
  app.inject({ method: 'POST', url: '/api/app/posts', payload: postForm(content), headers: bearer(token) });
const device = () => `https://fcm.googleapis.com/fcm/send/limite-${randomBytes(8).toString('hex')}`;

async function seller(ctx: TestContext) {
  const user = await createUser(ctx.db);
  return { ...user, token: await tokenFor(ctx.db, user.id) };
}

function comment(app: App, token: string, postId: number, key: string, content = `Comentario ${key}`) {
  return app.inject({
    method: 'POST',
    url: `/api/app/posts/${postId}/comments`,
    payload: { content },
    headers: { ...bearer(token), 'idempotency-key': key },
  });
}

function expectLimited(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  what: RegExp,
) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  const { message } = res.json() as { message: string };
  expect(message).toMatch(what);
  expect(message).toMatch(/de nuevo en \d+ (segundos?|minutos?|horas?)/);
  return retryAfter;
}

describe('per-account limits on the community app (defaults)', () => {
  let ctx: TestContext;
  // The limits count on the process clock (rate-limiter-flexible's memory store, lib/counters.ts):
  // the test moves Date, which goes on running meanwhile; nothing else of the process is faked.
  const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    ctx = await createTestContext();
    png = await makeImage('png', { width: 48, height: 48 });
  });
  afterAll(async () => {
    await ctx?.close();
    vi.useRealTimers();
  });

  it('a burst of 61 posts publishes 10 (10 per 10 minutes); the rest, the 61st among them, get a Spanish 429 with Retry-After', {
    timeout: 120_000,
  }, async () => {
    const a = await seller(ctx);
    const answers = await Promise.all(
      Array.from({ length: 61 }, (_, i) => publish(ctx.app, a.token, `Ráfaga ${i + 1}`)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(51);
    const [row] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM posts WHERE user_id = ${a.id}`,
    );
    expect(row!.n).toBe(10);
    // One more, sent after the burst: the 61st of the seller's posts in these ten minutes.
    const sixtyFirst = await publish(ctx.app, a.token, 'Una más');
    const retryAfter = expectLimited(
      sixtyFirst,
      /^Publicaste muchas veces seguidas\. Vas a poder publicar de nuevo/,
    );
    expect(retryAfter).toBeLessThanOrEqual(600);

    // A second seller is unaffected.
    const b = await seller(ctx);
    const other = await publish(ctx.app, b.token, 'Otra vendedora');
    expect(other.statusCode).toBe(201);

    // The window ends: the first seller publishes again.
    advance(retryAfter * 1000);
    const again = await publish(ctx.app, a.token, 'De nuevo');
    expect(again.statusCode).toBe(201);
  });

  it('comments with distinct idempotency keys are limited (30 a minute); replays and refused comments do not count', {
    timeout: 120_000,
  }, async () => {
    const a = await seller(ctx);
    const post = await createPost(ctx.db, ctx.admin.id);
    // A comment and five replays of its key: one place used.
    expect((await comment(ctx.app, a.token, post.id, 'primero')).statusCode).toBe(201);
    for (let i = 0; i < 5; i++)
      expect((await comment(ctx.app, a.token, post.id, 'primero')).statusCode).toBe(200);
    // Refused comments (a post that does not exist) give their place back.
    for (let i = 0; i < 5; i++)
      expect((await comment(ctx.app, a.token, 999_999, `nada-${i}`)).statusCode).toBe(404);
    // A burst of 100 distinct keys: 29 places are left.
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) => comment(ctx.app, a.token, post.id, `rafaga-${i}`)),
    );
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(29);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(71);
    expectLimited(
      burst.find((r) => r.statusCode === 429)!,
      /^Comentaste muchas veces seguidas\. Vas a poder comentar de nuevo/,
    );
    const [row] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM post_comments WHERE user_id = ${a.id}`,
    );
    expect(row!.n).toBe(30);

    // Another seller comments; the first one again once the minute is over.
    const b = await seller(ctx);
    expect((await comment(ctx.app, b.token, post.id, 'otra')).statusCode).toBe(201);
    advance(60_000);
    expect((await comment(ctx.app, a.token, post.id, 'despues')).statusCode).toBe(201);
  });

  it('new push devices are limited (10 an hour); sending a device again does not count', async () => {
    const a = await seller(ctx);
    const subscribe = (endpoint: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/app/push/subscriptions',
        payload: { endpoint, keys: browserKeys() },
        headers: bearer(a.token),
      });
    const first = device();
    expect((await subscribe(first)).statusCode).toBe(201);
    for (let i = 0; i < 3; i++) expect((await subscribe(first)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await subscribe(device())).statusCode).toBe(201);
    expectLimited(await subscribe(device()), /^Activaste las notificaciones muchas veces seguidas/);
  });
});

describe('per-account limits from the configuration', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_LIKES: '4/1m', RATE_LIMIT_COMMENTS: '2/1h' } });
  });
  afterAll(() => ctx?.close());

  it('likes and unlikes share RATE_LIMIT_LIKES', async () => {
    const a = await seller(ctx);
    const post = await createPost(ctx.db, ctx.admin.id);
    const url = `/api/app/posts/${post.id}/like`;
    for (const method of ['POST', 'DELETE', 'POST', 'DELETE'] as const) {
      expect((await ctx.app.inject({ method, url, headers: bearer(a.token) })).statusCode).toBe(200);
    }
    const limited = await ctx.app.inject({ method: 'POST', url, headers: bearer(a.token) });
    expectLimited(limited, /^Diste o quitaste muchos me gusta seguidos/);
  });

  it('RATE_LIMIT_COMMENTS=2/1h: the third comment waits up to an hour', async () => {
    const a = await seller(ctx);
    const post = await createPost(ctx.db, ctx.admin.id);
    expect((await comment(ctx.app, a.token, post.id, 'uno')).statusCode).toBe(201);
    expect((await comment(ctx.app, a.token, post.id, 'dos')).statusCode).toBe(201);
    const retryAfter = expectLimited(await comment(ctx.app, a.token, post.id, 'tres'), /^Comentaste/);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });

  it('documents the 429 with Retry-After on the limited operations of the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/app/posts', 'post'],
      ['/api/app/posts/{id}/comments', 'post'],
      ['/api/app/posts/{id}/like', 'post'],
      ['/api/app/posts/{id}/like', 'delete'],
      ['/api/app/push/subscriptions', 'post'],
    ] as const) {
      const answer = doc.paths[path][method].responses['429'];
      expect(answer, `${method} ${path}`).toBeDefined();
      expect(answer.description).toMatch(/RATE_LIMIT_/);
      expect(answer.headers['Retry-After'].schema).toEqual({ type: 'integer', minimum: 1 });
    }
  });
});

describe.skipIf(!withRedis)('per-account limits in Redis (REDIS_URL), across instances', () => {
  let ctx: TestContext;
  let other: App;
  const prefix = `test:${process.pid}:${randomBytes(4).toString('hex')}:limits:`;
  beforeAll(async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_COMMENTS: '4/1m' };
    // Not a test of a hung Redis: a generous command timeout, so a stalled event loop on a loaded
    // machine does not send one instance's counts to its memory (seen at load 36).
    const sellerLimits = { prefix, redisCommandTimeoutMs: 15_000 };
    ctx = await createTestContext({ env, sellerLimits });
    // A second instance on the same database and Redis, as behind a load balancer.
    other = await buildApp({ config: testConfig(env), db: ctx.testDb.database, sellerLimits });
    await other.ready();
    checkContract(other);
  });
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  it('counts one seller’s comments on both instances together, in keys that expire', async () => {
    const a = await seller(ctx);
    const post = await createPost(ctx.db, ctx.admin.id);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => comment(i % 2 ? other : ctx.app, a.token, post.id, `redis-${i}`)),
    );
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(4);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(6);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys).toEqual([`${prefix}comments:${a.id}`]);
      expect(Number(await redis.get(keys[0]!))).toBe(10);
      const ttl = await redis.pttl(keys[0]!);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
      await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });
});
