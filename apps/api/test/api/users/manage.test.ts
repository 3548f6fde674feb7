import { MSG, USER_MSG } from '@panel/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/users.ts';
import { verifyPassword } from '../../../src/services/auth/passwords.ts';
import { bearer, createUser, TEST_PASSWORD, tokenFor } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

const meWith = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

async function hashOf(id: number) {
  const [row] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row!.hash;
}

describe('POST /api/users/{id}/reset-password', () => {
  it('sets the password the admin chose, returns no password and ends the user sessions', async () => {
    const res = await ctx.asAdmin('POST', `/api/users/${ctx.seller.id}/reset-password`, {
      password: 'elegida-por-admin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { generated_password: null } });
    expect((await meWith(ctx.seller.token)).statusCode).toBe(401);
    expect((await login(ctx.seller.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(ctx.seller.email, 'elegida-por-admin')).statusCode).toBe(200);
  });

  it('generates a random password when none is sent, returns it once and stores only its scrypt hash', async () => {
    const res = await ctx.asAdmin('POST', `/api/users/${ctx.seller.id}/reset-password`, {});
    expect(res.statusCode).toBe(200);
    const generated = res.json().data.generated_password as string;
    expect(generated).toMatch(/^[A-Za-z2-9]{14}$/);
    const hash = await hashOf(ctx.seller.id);
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain(generated);
    expect(await verifyPassword(generated, hash)).toBe(true);
    const again = await ctx.asAdmin('POST', `/api/users/${ctx.seller.id}/reset-password`, {});
    expect(again.json().data.generated_password).not.toBe(generated);
  });

  it('refuses a short password with its message on the field', async () => {
    const res = await ctx.asAdmin('POST', `/api/users/${ctx.seller.id}/reset-password`, {
      password: 'corta',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: MSG.passwordTooShort,
      errors: { password: [MSG.passwordTooShort] },
    });
  });

  it('answers 404 for a missing user, and keeps the admin signed in when resetting their own', async () => {
    const missing = await ctx.asAdmin('POST', '/api/users/424242/reset-password', {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: MSG.userNotFound });
    const other = await tokenFor(ctx.db, ctx.admin.id);
    expect((await ctx.asAdmin('POST', `/api/users/${ctx.admin.id}/reset-password`, {})).statusCode).toBe(200);
    expect((await meWith(ctx.admin.token)).statusCode).toBe(200);
    expect((await meWith(other)).statusCode).toBe(401);
  });

  it('is for admins only', async () => {
    const url = `/api/users/${ctx.seller.id}/reset-password`;
    expect((await ctx.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    const asSeller = await ctx.app.inject({
      method: 'POST',
      url,
      payload: {},
      headers: bearer(ctx.seller.token),
    });
    expect(asSeller.statusCode).toBe(403);
  });
});

describe('POST /api/users/bulk-active', () => {
  it('deactivates several people in one call and ends all their sessions', async () => {
    const a = await createUser(ctx.db);
    const b = await createUser(ctx.db);
    const tokenA = await tokenFor(ctx.db, a.id);
    const tokenB = await tokenFor(ctx.db, b.id);
    const res = await ctx.asAdmin('POST', '/api/users/bulk-active', {
      ids: [a.id, b.id, a.id],
      active: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { updated: 2 } });
    const rows = await ctx.db
      .select({ active: users.active })
      .from(users)
      .where(inArray(users.id, [a.id, b.id]));
    expect(rows.map((r) => r.active)).toEqual([false, false]);
    expect((await meWith(tokenA)).statusCode).toBe(401);
    expect((await meWith(tokenB)).statusCode).toBe(401);
    expect((await meWith(ctx.seller.token)).statusCode).toBe(200);

    const back = await ctx.asAdmin('POST', '/api/users/bulk-active', { ids: [a.id, b.id], active: true });
    expect(back.json()).toEqual({ data: { updated: 2 } });
    expect((await login(a.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('changes nothing when one id does not exist (404)', async () => {
    const res = await ctx.asAdmin('POST', '/api/users/bulk-active', {
      ids: [ctx.seller.id, 424242],
      active: false,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MSG.userNotFound });
    const [row] = await ctx.db
      .select({ active: users.active })
      .from(users)
      .where(eq(users.id, ctx.seller.id));
    expect(row!.active).toBe(true);
    expect((await meWith(ctx.seller.token)).statusCode).toBe(200);
  });

  it('refuses to deactivate the admin making the call (409)', async () => {
    const res = await ctx.asAdmin('POST', '/api/users/bulk-active', {
      ids: [ctx.seller.id, ctx.admin.id],
      active: false,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MSG.cannotDeactivateSelf });
  });

  it('validates ids and active with messages by field', async () => {
    const empty = await ctx.asAdmin('POST', '/api/users/bulk-active', { ids: [], active: false });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.ids).toEqual([USER_MSG.idsRequired]);
    const tooMany = await ctx.asAdmin('POST', '/api/users/bulk-active', {
      ids: Array.from({ length: 1001 }, (_, i) => i + 1),
      active: true,
    });
    expect(tooMany.json().errors.ids).toEqual([USER_MSG.tooManyIds]);
    const noFlag = await ctx.asAdmin('POST', '/api/users/bulk-active', { ids: [1] });
    expect(noFlag.statusCode).toBe(400);
    expect(Object.keys(noFlag.json().errors)).toEqual(['active']);
  });
});
