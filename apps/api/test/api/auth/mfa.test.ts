import { MFA_MSG, MFA_SETUP_REQUIRED, MSG } from '@panel/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mfaRecoveryCodes, mfaTokens, userTotp } from '../../../src/db/schema/users.ts';
import { MFA_TOKEN_MAX_FAILURES, MFA_TOKEN_TTL_MS } from '../../../src/services/auth/mfa.ts';
import { TOTP_PERIOD_SECONDS, totpCodeAt } from '../../../src/services/auth/totp.ts';
import { auditRows, lastAuditId } from '../../../src/testing/audit.ts';
import { bearer, createAdmin, createUser, TEST_PASSWORD, tokenFor } from '../../../src/testing/factories.ts';
import { enableTotp } from '../../../src/testing/mfa.ts';
import { loginAs } from '../../../src/testing/sign-in.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// Issue 30, section 2 (TOTP): a panel account's second factor, its sign-in, its limits, its reset and
// MFA_REQUIRED (docs/product.md#second-factor, docs/security.md).

/** The app's clock runs `offset` ms ahead of the real one: a test moves to the next TOTP step. */
let offset = 0;
const clock = () => new Date(Date.now() + offset);
const nextStep = () => {
  offset += TOTP_PERIOD_SECONDS * 1000;
  return clock();
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ now: clock });
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  offset = 0;
  ctx.config.mfaRequired = false;
  await ctx.reset();
});

const as = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const loginMfa = (mfaToken: string, code: string, cookie?: string, remoteAddress = '10.30.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login/mfa',
    payload: { mfa_token: mfaToken, code },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });

/** An administrator with TOTP on (its first code's step used), and the password step's token. */
async function adminWithTotp() {
  const admin = await createAdmin(ctx.db, { name: 'Beto Admin' });
  const factor = await enableTotp(ctx.db, ctx.app.totpBox, admin, clock());
  return { admin, ...factor };
}
async function passwordStep(email: string, cookie?: string): Promise<string> {
  const res = await loginAs(ctx, email, TEST_PASSWORD, '10.30.0.1', cookie);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ mfa_required: true, methods: ['totp'], mfa_token: expect.any(String) });
  expect(res.headers['set-cookie']).toBeUndefined();
  return res.json().mfa_token;
}

describe('turning TOTP on in "Mi cuenta"', () => {
  it('answers a key, its otpauth address and QR code; the first code turns it on and answers 10 recovery codes once', async () => {
    const token = ctx.admin.token;
    const setup = await as(token, 'POST', '/api/me/mfa/totp/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauth_url, qr_svg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Pending: not on yet, and the key is sealed at rest.
    expect((await as(token, 'GET', '/api/me')).json().meta.mfa).toEqual({
      enabled: false,
      required: false,
      recovery_codes_left: 0,
    });
    const [row] = await ctx.db.select().from(userTotp).where(eq(userTotp.userId, ctx.admin.id));
    expect(row!.secretEnc).toMatch(/^v1\./);
    expect(row!.secretEnc).not.toContain(secret);

    const wrong = await as(token, 'POST', '/api/me/mfa/totp/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toEqual([MFA_MSG.codeInvalid]);

    const confirmed = await as(token, 'POST', '/api/me/mfa/totp/confirm', {
      code: totpCodeAt(secret, clock()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes: string[] = confirmed.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.totpId, row!.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((c) => c.codeHash)).not.toContain(codes[0]);
    expect((await as(token, 'GET', '/api/me')).json().meta.mfa).toEqual({
      enabled: true,
      required: false,
      recovery_codes_left: 10,
    });
    // On: a new setup or a second confirm is a 409.
    expect((await as(token, 'POST', '/api/me/mfa/totp/setup')).statusCode).toBe(409);
    const again = await as(token, 'POST', '/api/me/mfa/totp/confirm', {
      code: totpCodeAt(secret, nextStep()),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MFA_MSG.alreadyEnabled);
  });

  it('audits turning it on with the key hidden, and refuses sellers (403) and no session (401)', async () => {
    const before = await lastAuditId(ctx.db);
    const setup = (await as(ctx.admin.token, 'POST', '/api/me/mfa/totp/setup')).json();
    await as(ctx.admin.token, 'POST', '/api/me/mfa/totp/confirm', {
      code: totpCodeAt(setup.secret, clock()),
    });
    const rows = await auditRows(ctx.db, before);
    const created = rows.find((r) => r.entity === 'user_totp' && r.action === 'create');
    expect(created?.changes.secret_enc).toEqual({ before: null, after: '[oculto]' });
    expect(JSON.stringify(rows)).not.toContain(setup.secret);
    expect(rows.find((r) => r.entity === 'user_totp' && r.action === 'update')?.changes).toHaveProperty(
      'enabled_at',
    );

    const seller = await as(ctx.seller.token, 'POST', '/api/me/mfa/totp/setup');
    expect(seller.statusCode).toBe(403);
    expect(seller.json().message).toBe(MSG.forbidden);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/me/mfa/totp/setup' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('signing in with a second factor', () => {
  it('the password alone answers mfa_required and no session; the code gives the session and device cookie', async () => {
    const { admin, secret } = await adminWithTotp();
    const mfaToken = await passwordStep(admin.email);
    const res = await loginMfa(mfaToken, totpCodeAt(secret, nextStep()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: admin.id, role: 'admin' });
    expect(String(res.headers['set-cookie'])).toMatch(/^panel_device=/);
    expect((await as(res.json().token, 'GET', '/api/users')).statusCode).toBe(200);
    // The token was used once.
    const twice = await loginMfa(mfaToken, totpCodeAt(secret, nextStep()));
    expect(twice.statusCode).toBe(401);
    expect(twice.json().message).toBe(MFA_MSG.tokenExpired);
  });

  it('never accepts a code twice: the step of the last accepted code and earlier ones are refused', async () => {
    const { admin, secret } = await adminWithTotp();
    const at = nextStep();
    expect((await loginMfa(await passwordStep(admin.email), totpCodeAt(secret, at))).statusCode).toBe(200);
    const replay = await loginMfa(await passwordStep(admin.email), totpCodeAt(secret, at));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(MFA_MSG.codeUsed);
    // Two requests with the same fresh code at once: one session.
    const fresh = totpCodeAt(secret, nextStep());
    const [a, b] = await Promise.all([
      loginMfa(await passwordStep(admin.email), fresh),
      loginMfa(await passwordStep(admin.email), fresh),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
  });

  it('takes a recovery code once, whatever its case and dashes', async () => {
    const { admin, recoveryCodes } = await adminWithTotp();
    const code = recoveryCodes[3]!;
    const typed = code.toUpperCase().replace('-', ' ');
    const ok = await loginMfa(await passwordStep(admin.email), typed);
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await loginMfa(await passwordStep(admin.email), code);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(MFA_MSG.codeInvalid);
    expect((await as(ok.json().token, 'GET', '/api/me')).json().meta.mfa.recovery_codes_left).toBe(9);
  });

  it('a token lives 5 minutes', async () => {
    const { admin, secret } = await adminWithTotp();
    const mfaToken = await passwordStep(admin.email);
    offset += MFA_TOKEN_TTL_MS + 1000;
    const late = await loginMfa(mfaToken, totpCodeAt(secret, clock()));
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(MFA_MSG.tokenExpired);
    expect((await loginMfa('no-es-un-token-valido-para-nada', '123456')).statusCode).toBe(401);
  });

  it(`a token is spent after ${MFA_TOKEN_MAX_FAILURES} wrong codes, even for the right code after them`, async () => {
    const { admin, secret } = await adminWithTotp();
    const mfaToken = await passwordStep(admin.email);
    const answers = [];
    for (let i = 0; i < MFA_TOKEN_MAX_FAILURES; i++)
      answers.push((await loginMfa(mfaToken, '000000')).json().message);
    expect(answers).toEqual([
      ...Array(MFA_TOKEN_MAX_FAILURES - 1).fill(MFA_MSG.codeInvalid),
      MFA_MSG.tooManyCodes,
    ]);
    const right = await loginMfa(mfaToken, totpCodeAt(secret, nextStep()));
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe(MFA_MSG.tokenExpired);
  });

  it("wrong codes use the account's sign-in budget (10 per 15 minutes for unknown devices); a known device keeps its own", async () => {
    const { admin, secret } = await adminWithTotp();
    // The owner's browser signed in before: it carries a device cookie.
    const first = await loginMfa(await passwordStep(admin.email), totpCodeAt(secret, nextStep()));
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    const codes: number[] = [];
    for (let t = 0; t < 3; t++) {
      const mfaToken = await passwordStep(admin.email);
      for (let i = 0; i < 4; i++)
        codes.push((await loginMfa(mfaToken, '000000', undefined, `10.31.0.${t}`)).statusCode);
    }
    expect(codes).toEqual([...Array(10).fill(401), 429, 429]);
    const blocked = await loginAs(ctx, admin.email, TEST_PASSWORD, '10.31.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MSG.tooManyAttempts);
    // The device cookie still spares the owner.
    const owner = await loginMfa(
      await passwordStep(admin.email, cookie),
      totpCodeAt(secret, nextStep()),
      cookie,
    );
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('a seller and an administrator without a factor sign in with the password alone', async () => {
    const res = await loginAs(ctx, ctx.admin.email, TEST_PASSWORD, '10.32.0.1');
    expect(res.json()).toMatchObject({ token: expect.any(String) });
    expect((await loginMfa('', '')).statusCode).toBe(400);
  });
});

describe('turning it off and new recovery codes', () => {
  it('needs the current password or a code; a wrong one is a 400 and nothing changes', async () => {
    const { admin, secret } = await adminWithTotp();
    const token = await tokenFor(ctx.db, admin.id);
    const wrong = await as(token, 'DELETE', '/api/me/mfa/totp', { password: 'otra-clave-mala' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.password).toEqual([MFA_MSG.passwordOrCodeInvalid]);
    const none = await as(token, 'DELETE', '/api/me/mfa/totp', {});
    expect(none.statusCode).toBe(400);

    const renewed = await as(token, 'POST', '/api/me/mfa/recovery-codes', {
      code: totpCodeAt(secret, nextStep()),
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().recovery_codes).toHaveLength(10);

    const off = await as(token, 'DELETE', '/api/me/mfa/totp', { password: TEST_PASSWORD });
    expect(off.statusCode).toBe(204);
    expect(await ctx.db.select().from(userTotp).where(eq(userTotp.userId, admin.id))).toEqual([]);
    const plain = await loginAs(ctx, admin.email, TEST_PASSWORD, '10.33.0.1');
    expect(plain.json()).toMatchObject({ token: expect.any(String) });
    expect((await as(token, 'DELETE', '/api/me/mfa/totp', { password: TEST_PASSWORD })).statusCode).toBe(409);
  });

  it('the old recovery codes stop working once new ones are made', async () => {
    const { admin, recoveryCodes } = await adminWithTotp();
    const token = await tokenFor(ctx.db, admin.id);
    const renewed = await as(token, 'POST', '/api/me/mfa/recovery-codes', { password: TEST_PASSWORD });
    const old = await loginMfa(await passwordStep(admin.email), recoveryCodes[0]!);
    expect(old.statusCode).toBe(401);
    expect(
      (await loginMfa(await passwordStep(admin.email), renewed.json().recovery_codes[0])).statusCode,
    ).toBe(200);
  });
});

describe("an administrator's reset of another account", () => {
  it('removes its factor (audited), so it signs in with its password; 404 without one; 403 for a seller', async () => {
    const { admin, totpId } = await adminWithTotp();
    const pending = await passwordStep(admin.email);
    const before = await lastAuditId(ctx.db);
    const res = await ctx.asAdmin('POST', `/api/users/${admin.id}/mfa/reset`);
    expect(res.statusCode, res.body).toBe(204);
    const rows = await auditRows(ctx.db, before);
    expect(rows).toEqual([
      expect.objectContaining({
        entity: 'user_totp',
        action: 'delete',
        entity_id: totpId,
        actor_id: ctx.admin.id,
      }),
    ]);
    // Its pending sign-in step is gone too.
    expect(await ctx.db.select().from(mfaTokens).where(eq(mfaTokens.userId, admin.id))).toEqual([]);
    expect((await loginMfa(pending, '123456')).statusCode).toBe(401);
    expect((await loginAs(ctx, admin.email, TEST_PASSWORD, '10.34.0.1')).json()).toMatchObject({
      token: expect.any(String),
    });
    expect((await ctx.asAdmin('POST', `/api/users/${admin.id}/mfa/reset`)).statusCode).toBe(404);
    expect((await as(ctx.seller.token, 'POST', `/api/users/${admin.id}/mfa/reset`)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/users/${admin.id}/mfa/reset` })).statusCode,
    ).toBe(401);
  });
});

describe('MFA_REQUIRED', () => {
  it('answers 403 mfa_setup_required on panel calls of an account without a factor, but not on /api/me*, setup and logout', async () => {
    ctx.config.mfaRequired = true;
    const token = ctx.admin.token;
    const refused = await as(token, 'GET', '/api/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MFA_MSG.setupRequired, code: MFA_SETUP_REQUIRED });
    expect((await as(token, 'GET', '/api/me')).json().meta.mfa).toEqual({
      enabled: false,
      required: true,
      recovery_codes_left: 0,
    });
    expect((await as(token, 'GET', '/api/me/sessions')).statusCode).toBe(200);
    const setup = await as(token, 'POST', '/api/me/mfa/totp/setup');
    expect(setup.statusCode).toBe(200);
    const confirmed = await as(token, 'POST', '/api/me/mfa/totp/confirm', {
      code: totpCodeAt(setup.json().secret, clock()),
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await as(token, 'GET', '/api/users')).statusCode).toBe(200);
    // Sellers are not panel accounts: their app is untouched.
    const seller = await createUser(ctx.db);
    expect((await as(await tokenFor(ctx.db, seller.id), 'GET', '/api/app/feed')).statusCode).toBe(200);
    expect((await as(await tokenFor(ctx.db, seller.id), 'POST', '/api/logout')).statusCode).toBe(204);
  });
});

describe('the panel\'s rule: "Exigir la verificación en dos pasos a todas las cuentas del panel"', () => {
  const settings = (token: string, payload?: object) =>
    ctx.app.inject({
      method: payload ? 'PUT' : 'GET',
      url: '/api/settings/sign-in',
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });

  it("is off until saved; turning it on needs the caller's own factor, and bad input names the field", async () => {
    expect((await settings(ctx.admin.token)).json().data).toEqual({
      mfa_required: false,
      mfa_required_by_server: false,
      oidc_only: false,
      oidc_available: false,
    });
    const refused = await settings(ctx.admin.token, { mfa_required: true, oidc_only: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MFA_MSG.ownFactorFirst);
    const bad = await settings(ctx.admin.token, { mfa_required: 'sí', oidc_only: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ mfa_required: [MFA_MSG.requiredInvalid] });
    expect((await settings(ctx.admin.token)).json().data.mfa_required).toBe(false);
    expect((await as(ctx.admin.token, 'GET', '/api/users')).statusCode).toBe(200);
  });

  it('on, an account without a factor can only set one up; off again, it is back; each change audited', async () => {
    const { admin } = await adminWithTotp();
    const owner = await tokenFor(ctx.db, admin.id);
    const since = await lastAuditId(ctx.db);
    const on = await settings(owner, { mfa_required: true, oidc_only: false });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toEqual({
      mfa_required: true,
      mfa_required_by_server: false,
      oidc_only: false,
      oidc_available: false,
    });
    // The owner has a factor: the panel goes on working for them.
    expect((await as(owner, 'GET', '/api/users')).statusCode).toBe(200);
    // Another administrator without one: only "Mi cuenta", its setup and logout.
    const refused = await as(ctx.admin.token, 'GET', '/api/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MFA_MSG.setupRequired, code: MFA_SETUP_REQUIRED });
    expect((await as(ctx.admin.token, 'GET', '/api/me')).json().meta.mfa.required).toBe(true);
    expect((await as(ctx.admin.token, 'POST', '/api/me/mfa/totp/setup')).statusCode).toBe(200);

    expect((await settings(owner, { mfa_required: false, oidc_only: false })).json().data.mfa_required).toBe(
      false,
    );
    expect((await as(ctx.admin.token, 'GET', '/api/users')).statusCode).toBe(200);
    const entries = (await auditRows(ctx.db, since)).filter((r) => r.entity === 'sign_in_settings');
    expect(entries.map((r) => [r.action, r.actor_id, r.entity_id])).toEqual([
      ['create', admin.id, 1],
      ['update', admin.id, 1],
    ]);
    expect(entries[1]!.changes).toMatchObject({ mfa_required: { before: true, after: false } });
  });

  it('says when MFA_REQUIRED requires it whatever the panel says', async () => {
    ctx.config.mfaRequired = true;
    const { admin } = await adminWithTotp();
    const owner = await tokenFor(ctx.db, admin.id);
    expect((await settings(owner)).json().data).toEqual({
      mfa_required: false,
      mfa_required_by_server: true,
      oidc_only: false,
      oidc_available: false,
    });
    expect(
      (await settings(owner, { mfa_required: false, oidc_only: false })).json().data.mfa_required_by_server,
    ).toBe(true);
    expect((await as(ctx.admin.token, 'GET', '/api/users')).statusCode).toBe(403);
  });
});
