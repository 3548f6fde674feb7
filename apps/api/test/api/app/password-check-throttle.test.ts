import { APP_MSG, PASSWORD_CHANGE_MSG, passwordChangedMessage } from '@panel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHECK_LIMITS } from '../../../src/routes/app/change-password.ts';
import { passwordChecksStarted } from '../../../src/services/auth/passwords.ts';
import { bearer, createUser, TEST_PASSWORD, tokenFor } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * Issue 20, item 10 (second half): POST /api/app/me/password checked 60 wrong current passwords in
 * 28 s with no 429. Now it is throttled like sign-in, per session (5) and per account (10) in
 * 15 minutes, and its answer says how many other sessions the change ended.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const change = (token: string, current: string, next = 'una-clave-nueva-2026') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/app/me/password',
    headers: bearer(token),
    payload: { current_password: current, new_password: next },
  });

/** The seller still signs in with the old password: the refused checks changed nothing. */
async function expectOldPasswordSignsIn(email: string) {
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: TEST_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
}

describe('POST /api/app/me/password, throttled like sign-in', () => {
  it('answers 429 after 5 wrong current passwords in a session, even to the right one', async () => {
    const seller = await createUser(ctx.db);
    const token = await tokenFor(ctx.db, seller.id);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await change(token, `mala-${i}`)).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429, 429]);
    const blocked = await change(token, TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: PASSWORD_CHANGE_MSG.tooManyTries });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Still the old password: the refused right guess changed nothing.
    await expectOldPasswordSignsIn(seller.email);
  });

  it('counts each check before its hash: of a parallel burst only 5 are hashed, the rest and the right one get 429', async () => {
    // Issue 28, item 2: 14 wrong guesses in parallel were all hashed, and the right one after them
    // changed the password; the refused ones also waited behind the hashes.
    const seller = await createUser(ctx.db);
    const token = await tokenFor(ctx.db, seller.id);
    const hashedBefore = passwordChecksStarted();
    const burst = await Promise.all([
      ...Array.from({ length: 14 }, (_, i) => change(token, `mala-${i}`)),
      change(token, TEST_PASSWORD, 'la-del-atacante-2026'),
    ]);
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(PASSWORD_CHECK_LIMITS.perSession);
    expect(codes.filter((c) => c === 429)).toHaveLength(15 - PASSWORD_CHECK_LIMITS.perSession);
    expect(codes.at(-1)).toBe(429);
    for (const refused of burst.filter((r) => r.statusCode === 429)) {
      expect(refused.json()).toEqual({ message: PASSWORD_CHANGE_MSG.tooManyTries });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Only the admitted checks were hashed: the refused ones answered without waiting for a hash.
    expect(passwordChecksStarted() - hashedBefore).toBe(PASSWORD_CHECK_LIMITS.perSession);
    await expectOldPasswordSignsIn(seller.email);
  });

  it('shares one budget of 10 per account across sessions, so new sessions do not buy more guesses', async () => {
    const seller = await createUser(ctx.db);
    const sessions = await Promise.all([1, 2, 3].map(() => tokenFor(ctx.db, seller.id)));
    const codes: number[] = [];
    for (const token of sessions.slice(0, 2))
      for (let i = 0; i < 5; i++) codes.push((await change(token, `mala-${i}`)).statusCode);
    expect(codes).toEqual(Array(10).fill(400));
    const third = await change(sessions[2]!, 'mala-otra');
    expect(third.statusCode).toBe(429);
    expect((await change(sessions[2]!, TEST_PASSWORD)).statusCode).toBe(429);
    // 10 wrong guesses in all, never 60.
  });

  it('says in its answer how many other sessions the change ended', async () => {
    const seller = await createUser(ctx.db);
    const mine = await tokenFor(ctx.db, seller.id);
    const phone = await tokenFor(ctx.db, seller.id);
    const tablet = await tokenFor(ctx.db, seller.id);
    const res = await change(mine, TEST_PASSWORD, 'mate-amargo-2026');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sessions_ended: 2, message: passwordChangedMessage(2) });
    expect(res.json().message).toBe(
      'Contraseña actualizada. Cerramos las otras 2 sesiones abiertas de tu cuenta: en esos dispositivos vas a tener que ingresar de nuevo.',
    );
    for (const t of [phone, tablet])
      expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(t) })).statusCode).toBe(
        401,
      );

    const again = await change(mine, 'mate-amargo-2026', 'mate-dulce-2026');
    expect(again.json()).toEqual({ sessions_ended: 0, message: 'Contraseña actualizada.' });
    // A wrong one is still a 400 on the field, not a 401 (the session stays).
    const wrong = await change(mine, 'no-es');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.current_password).toEqual([APP_MSG.currentPasswordWrong]);
  });
});
