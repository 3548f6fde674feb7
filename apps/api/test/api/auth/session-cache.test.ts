import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../../src/app.ts';
import { bearer } from '../../../src/testing/factories.ts';
import { createTestContext, openSecondInstance, type TestContext } from '../../../src/testing/test-app.ts';

// Sessions are cached briefly (services/auth/session-cache.ts); revocation must still be immediate,
// on this instance and on any other one sharing the database.
let ctx: TestContext;
/** A second instance on the same database: its own pool on PostgreSQL, the same PGlite otherwise. */
let other: App;
let second: Awaited<ReturnType<typeof openSecondInstance>> | undefined;

beforeAll(async () => {
  ctx = await createTestContext();
  second = await openSecondInstance(ctx);
  other = second.app;
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});
beforeEach(() => ctx.reset());

const me = (app: App, token: string) => app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
const statusOf = async (app: App, token: string) => (await me(app, token)).statusCode;

describe('session cache', () => {
  it('serves a known session from memory: a revocation the database does not announce goes unseen', async () => {
    // Proves the cache is there: with the notifying trigger off, an UPDATE is not seen until the entry expires.
    expect(await statusOf(ctx.app, ctx.admin.token)).toBe(200);
    expect(ctx.app.sessionCache.enabled).toBe(true);
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE sessions DISABLE TRIGGER sessions_invalidate`);
      await tx.execute(sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${ctx.admin.id}`);
      await tx.execute(sql`ALTER TABLE sessions ENABLE TRIGGER sessions_invalidate`);
    });
    expect(await statusOf(ctx.app, ctx.admin.token)).toBe(200);
    ctx.app.sessionCache.invalidate(ctx.admin.id);
    expect(await statusOf(ctx.app, ctx.admin.token)).toBe(401);
  });

  it('logout ends the session at once on this instance', async () => {
    expect(await statusOf(ctx.app, ctx.seller.token)).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(ctx.seller.token),
    });
    expect(out.statusCode).toBe(204);
    expect(await statusOf(ctx.app, ctx.seller.token)).toBe(401);
  });

  it('a logout on another instance reaches this one through the database (LISTEN/NOTIFY)', async () => {
    expect(await statusOf(ctx.app, ctx.seller.token)).toBe(200);
    expect(await statusOf(other, ctx.seller.token)).toBe(200);
    const out = await other.inject({ method: 'POST', url: '/api/logout', headers: bearer(ctx.seller.token) });
    expect(out.statusCode).toBe(204);
    // The notification is delivered after the commit, asynchronously: wait for it, without a fixed sleep.
    await expect.poll(() => statusOf(ctx.app, ctx.seller.token), { timeout: 10_000 }).toBe(401);
  });

  it('deactivating a user on another instance, or by SQL, ends their cached sessions here', async () => {
    expect(await statusOf(ctx.app, ctx.seller.token)).toBe(200);
    const res = await other.inject({
      method: 'PUT',
      url: `/api/users/${ctx.seller.id}`,
      headers: bearer(ctx.admin.token),
      payload: { active: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => statusOf(ctx.app, ctx.seller.token), { timeout: 10_000 }).toBe(401);

    // A role change made outside the API (SQL) is announced by the users trigger too.
    expect((await me(ctx.app, ctx.admin.token)).json().data.role).toBe('admin');
    await ctx.db.execute(sql`UPDATE users SET role = 'seller' WHERE id = ${ctx.admin.id}`);
    await expect
      .poll(
        async () =>
          (await ctx.app.inject({ method: 'GET', url: '/api/users', headers: bearer(ctx.admin.token) }))
            .statusCode,
        {
          timeout: 10_000,
        },
      )
      .toBe(403);
  });
});
