import { MFA_MSG, MSG, PASSKEY_MSG } from '@panel/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/users.ts';
import { relyingParty } from '../../../src/services/auth/passkeys.ts';
import { auditRows, lastAuditId } from '../../../src/testing/audit.ts';
import { bearer, createAdmin, TEST_PASSWORD, tokenFor } from '../../../src/testing/factories.ts';
import { loginAs } from '../../../src/testing/sign-in.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';
import { SoftPasskey } from '../../../src/testing/webauthn.ts';

// Issue 30, section 2 (passkeys): adding one in "Mi cuenta", signing in with it instead of a password,
// and as the second step after one (docs/product.md#second-factor, docs/security.md). A software
// authenticator (src/testing/webauthn.ts) signs real ES256 answers.

let ctx: TestContext;
let passkey: () => SoftPasskey;
beforeAll(async () => {
  ctx = await createTestContext();
  const rp = relyingParty(ctx.config.publicUrl, 'Panel');
  passkey = () => new SoftPasskey(rp.id, rp.origin);
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

const post = (url: string, payload: object = {}, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? bearer(token) : {},
    remoteAddress: '10.40.0.1',
  });

const getOptions = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/me/passkeys/options', headers: bearer(token) });

/** An administrator with a session and one passkey added through the API. */
async function adminWithPasskey() {
  const admin = await createAdmin(ctx.db, { name: 'Paula Llave' });
  const token = await tokenFor(ctx.db, admin.id);
  const key = passkey();
  const options = (await getOptions(token)).json().data;
  const added = await post('/api/me/passkeys', { response: key.register(options) }, token);
  expect(added.statusCode, added.body).toBe(201);
  return { admin, token, key, added: added.json().data };
}

async function signInWith(key: SoftPasskey, tweak: { origin?: string } = {}) {
  const options = (await post('/api/login/passkey/options')).json().data;
  return post('/api/login/passkey', { response: key.signIn(options, tweak) });
}

describe('adding a passkey in "Mi cuenta"', () => {
  it('answers options for a resident, verified passkey, keeps the checked answer, lists it, and audits it', async () => {
    const admin = await createAdmin(ctx.db);
    const token = await tokenFor(ctx.db, admin.id);
    const options = await getOptions(token);
    expect(options.statusCode).toBe(200);
    expect(options.json().data).toMatchObject({
      rp: { id: 'localhost' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      user: { name: admin.email },
    });
    const since = await lastAuditId(ctx.db);
    const key = passkey();
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/passkeys',
      payload: { response: key.register(options.json().data) },
      headers: {
        ...bearer(token),
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ name: 'Chrome en Linux', last_used_at: null });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/me/passkeys', headers: bearer(token) });
    expect(list.json().data).toHaveLength(1);
    const entries = (await auditRows(ctx.db, since)).filter((r) => r.entity === 'user_passkeys');
    expect(entries.map((r) => [r.action, r.actor_id])).toEqual([['create', admin.id]]);
    // Now a second factor: the password alone no longer opens a session.
    const login = await loginAs(ctx, admin.email, TEST_PASSWORD, '10.40.0.2');
    expect(login.json()).toEqual({ mfa_required: true, methods: ['passkey'], mfa_token: expect.any(String) });
  });

  it('refuses a used challenge, another origin, an unverified device and the same passkey twice', async () => {
    const { token, key } = await adminWithPasskey();
    const fresh = passkey();
    const options = (await getOptions(token)).json().data;
    const other = await post(
      '/api/me/passkeys',
      { response: fresh.register(options, { origin: 'https://phishing.example' }) },
      token,
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual({ response: [PASSKEY_MSG.invalid] });
    const next = (await getOptions(token)).json().data;
    expect(
      (await post('/api/me/passkeys', { response: fresh.register(next, { verified: false }) }, token))
        .statusCode,
    ).toBe(400);
    // A challenge serves one ceremony: the right answer is kept once, and the same answer again is refused.
    const third = (await getOptions(token)).json().data;
    const answer = fresh.register(third);
    expect((await post('/api/me/passkeys', { response: answer }, token)).statusCode).toBe(201);
    expect((await post('/api/me/passkeys', { response: answer }, token)).statusCode).toBe(400);
    const again = (await getOptions(token)).json().data;
    const twice = await post('/api/me/passkeys', { response: key.register(again) }, token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(PASSKEY_MSG.alreadyRegistered);
    expect((await post('/api/me/passkeys', { response: { id: 'x' } }, token)).statusCode).toBe(400);
  });
});

describe('signing in with a passkey, without a password', () => {
  it('opens a session like a password does, notes the use, and refuses a replay, another origin and an unknown passkey', async () => {
    const { admin, key } = await adminWithPasskey();
    const options = (await post('/api/login/passkey/options')).json().data;
    expect(options.allowCredentials ?? []).toEqual([]);
    const answer = key.signIn(options);
    const res = await post('/api/login/passkey', { response: answer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.id).toBe(admin.id);
    expect(res.headers['set-cookie']).toContain('panel_device=');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/passkeys',
      headers: bearer(res.json().token),
    });
    expect(me.json().data[0].last_used_at).not.toBeNull();

    const replay = await post('/api/login/passkey', { response: answer });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(PASSKEY_MSG.invalid);
    expect((await signInWith(key, { origin: 'https://phishing.example' })).statusCode).toBe(401);
    expect((await signInWith(passkey())).statusCode).toBe(401);
    expect((await signInWith(key)).statusCode).toBe(200);
  });

  it('refuses an inactive account, and counts wrong answers like wrong passwords', async () => {
    const { admin, key } = await adminWithPasskey();
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, admin.id));
    const refused = await signInWith(key);
    expect(refused.statusCode).toBe(401);
    await ctx.db.update(users).set({ active: true }).where(eq(users.id, admin.id));
    let last = refused;
    for (let i = 0; i < 12 && last.statusCode !== 429; i++)
      last = await signInWith(key, { origin: 'https://x.example' });
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe(MSG.tooManyAttempts);
  });
});

describe('a passkey as the second step after the password', () => {
  it("takes the passkey with the password's token once; another account's passkey is refused", async () => {
    const { admin, key } = await adminWithPasskey();
    const stranger = await adminWithPasskey();
    const login = await loginAs(ctx, admin.email, TEST_PASSWORD, '10.40.0.3');
    const mfaToken = login.json().mfa_token as string;
    const options = await post('/api/login/mfa/passkey/options', { mfa_token: mfaToken });
    expect(options.statusCode).toBe(200);
    expect(options.json().data.allowCredentials.map((c: { id: string }) => c.id)).toEqual([key.id]);

    const wrong = await post('/api/login/mfa/passkey', {
      mfa_token: mfaToken,
      response: stranger.key.signIn(options.json().data),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(PASSKEY_MSG.invalid);
    const again = (await post('/api/login/mfa/passkey/options', { mfa_token: mfaToken })).json().data;
    const ok = await post('/api/login/mfa/passkey', { mfa_token: mfaToken, response: key.signIn(again) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user.id).toBe(admin.id);
    const spent = await post('/api/login/mfa/passkey/options', { mfa_token: mfaToken });
    expect(spent.statusCode).toBe(401);
    expect(spent.json().message).toBe(MFA_MSG.tokenExpired);
  });
});

describe('removing passkeys', () => {
  it('"Quitar" needs the current password; an administrator\'s reset removes them all; both audited', async () => {
    const { admin, token, added } = await adminWithPasskey();
    const remove = (payload: object) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/me/passkeys/${added.id}`,
        payload,
        headers: bearer(token),
      });
    expect((await remove({ password: 'otra-cosa-9' })).statusCode).toBe(400);
    expect((await remove({ password: TEST_PASSWORD })).statusCode).toBe(204);
    expect((await remove({ password: TEST_PASSWORD })).statusCode).toBe(404);
    expect((await loginAs(ctx, admin.email, TEST_PASSWORD, '10.40.0.4')).json().token).toEqual(
      expect.any(String),
    );

    const other = await adminWithPasskey();
    const since = await lastAuditId(ctx.db);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${other.admin.id}/mfa/reset`,
      headers: bearer(ctx.admin.token),
    });
    expect(reset.statusCode).toBe(204);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me/passkeys', headers: bearer(other.token) })).json()
        .data,
    ).toEqual([]);
    const entries = (await auditRows(ctx.db, since)).filter((r) => r.entity === 'user_passkeys');
    expect(entries.map((r) => r.action)).toEqual(['delete']);
  });

  it('is for panel accounts: a seller gets 403', async () => {
    const res = await getOptions(ctx.seller.token);
    expect(res.statusCode).toBe(403);
  });
});
