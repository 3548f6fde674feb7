import { MSG, ZLoginResponse, ZMeResponse } from '@panel/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, users } from '../../../src/db/schema/users.ts';
import { hashToken, SESSION_IDLE_MS, SESSION_MAX_MS } from '../../../src/services/auth/sessions.ts';
import { bearer, createUser, TEST_PASSWORD, tokenFor } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

const login = (email: string, password: string, remoteAddress = '10.1.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

describe('POST /api/login', () => {
  it('returns a token and the user for an admin, with the email matched case-insensitively', async () => {
    const res = await login(`  ${ctx.admin.email.toUpperCase()} `, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = ZLoginResponse.parse(res.json());
    expect(body.user).toMatchObject({ id: ctx.admin.id, role: 'admin', email: ctx.admin.email });
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.user).not.toHaveProperty('password_hash');
  });

  it('also signs in sellers (the community app uses the same call)', async () => {
    const res = await login(ctx.seller.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('seller');
  });

  it('stores only the SHA-256 of the token', async () => {
    const { token } = (await login(ctx.admin.email, TEST_PASSWORD)).json();
    const rows = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const all = await ctx.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(all.some((r) => r.hash === token)).toBe(false);
  });

  it('answers the same 401 "Credenciales inválidas" for a wrong password, an unknown email and an inactive user', async () => {
    const inactive = await createUser(ctx.db, { active: false });
    const answers = await Promise.all([
      login(ctx.admin.email, 'otra-clave-999'),
      login('nadie@prueba.test', TEST_PASSWORD),
      login(inactive.email, TEST_PASSWORD),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MSG.invalidCredentials });
    }
  });

  it('validates the body with the shared schema messages', async () => {
    const res = await login('no-es-un-email', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: [MSG.emailInvalid], password: [MSG.passwordRequired] });
    expect(res.json().message).toBe(MSG.emailInvalid);
  });
});

describe('sessions', () => {
  it('GET /api/me returns the signed-in user with the branch name', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(ctx.seller.token) });
    expect(res.statusCode).toBe(200);
    expect(ZMeResponse.parse(res.json()).data.id).toBe(ctx.seller.id);
  });

  it('answers 401 without a token, with a malformed header and with an unknown token', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, bearer('x'.repeat(43))]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MSG.unauthenticated });
    }
  });

  it('POST /api/logout revokes the token (204), even with an empty JSON body', async () => {
    const { token } = (await login(ctx.admin.email, TEST_PASSWORD)).json();
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.revokedAt).toBeInstanceOf(Date);
  });

  it('expires a session 12 h after it was last seen', async () => {
    const token = await tokenFor(ctx.db, ctx.admin.id, new Date(Date.now() - SESSION_IDLE_MS - 1000));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
  });

  it('expires a session 7 days after it began even if it kept being used', async () => {
    const token = await tokenFor(ctx.db, ctx.admin.id, new Date(Date.now() - SESSION_MAX_MS - 1000));
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
  });

  it('refuses the token of a user deactivated after signing in', async () => {
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, ctx.seller.id));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(ctx.seller.token) });
    expect(res.statusCode).toBe(401);
  });

  it('updates last_seen_at at most once a minute', async () => {
    const old = new Date(Date.now() - 5 * 60 * 1000);
    const token = await tokenFor(ctx.db, ctx.admin.id, old);
    const seen = async () =>
      (
        await ctx.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(token)))
      )[0]!.lastSeenAt;
    await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    const first = await seen();
    expect(first.getTime()).toBeGreaterThan(old.getTime());
    await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect((await seen()).getTime()).toBe(first.getTime());
  });

  it('gives sellers 403 on panel routes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users', headers: bearer(ctx.seller.token) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MSG.forbidden });
  });
});
