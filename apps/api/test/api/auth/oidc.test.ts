import { OIDC_MSG } from '@panel/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/client.ts';
import { sessions, users } from '../../../src/db/schema/users.ts';
import { totpCodeAt } from '../../../src/services/auth/totp.ts';
import { lastAuditId } from '../../../src/testing/audit.ts';
import {
  bearer,
  createAdmin,
  createBranch,
  createUser,
  TEST_PASSWORD,
} from '../../../src/testing/factories.ts';
import { enableTotp } from '../../../src/testing/mfa.ts';
import { authorizeAt, startTestProvider, type TestProvider } from '../../../src/testing/oidc-provider.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// Issue 30, section 3: the company's own sign-in (OpenID Connect) against a real provider (oidc-provider)
// started here, on a port of this machine, with its own keys (src/testing/oidc-provider.ts).
// docs/decisions/2026-12-04-oidc.md, docs/security.md.

const PUBLIC_URL = 'http://127.0.0.1:3999';
let provider: TestProvider;
let ctx: TestContext;
/** The app's clock runs this far ahead of the provider's (the expired ID token). */
let offsetMs = 0;

beforeAll(async () => {
  // ID tokens live 5 minutes here; a sign-in's state, 10.
  provider = await startTestProvider({
    redirectUris: [`${PUBLIC_URL}/api/login/oidc/callback`],
    idTokenTtl: 300,
  });
  ctx = await createTestContext({
    env: { PUBLIC_URL, ...provider.env() },
    now: () => new Date(Date.now() + offsetMs),
  });
});
afterAll(async () => {
  await ctx?.close();
  await provider?.close();
});
beforeEach(async () => {
  offsetMs = 0;
  provider.accounts.clear();
  ctx.config.oidc!.createSellersBranchId = undefined;
  ctx.config.oidc!.groupsClaim = undefined;
  ctx.config.oidc!.groupMap = [];
  await ctx.reset();
});

const REMOTE = '10.30.0.7';
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

async function start(app: 'panel' | 'community' = 'panel') {
  const started = await ctx.app.inject({ method: 'GET', url: `/api/login/oidc/start?app=${app}` });
  expect(started.statusCode, started.body).toBe(302);
  return started.headers.location as string;
}

async function callback(url: URL) {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    remoteAddress: REMOTE,
  });
  expect(answer.statusCode, answer.body).toBe(302);
  const location = answer.headers.location as string;
  const fragment = new URLSearchParams(location.split('#')[1] ?? '');
  return { location, code: fragment.get('oidc_code'), error: fragment.get('oidc_error') };
}

const exchange = (code: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login/oidc/exchange',
    payload: { code },
    remoteAddress: REMOTE,
    headers: { 'user-agent': UA },
  });

/** A whole sign-in as `login` at the provider, up to the callback's redirect. */
async function signInAtProvider(login: string, app: 'panel' | 'community' = 'panel') {
  return callback(await authorizeAt(await start(app), login));
}

describe('the company account sign-in, configured', () => {
  it('says it is there, and starts with PKCE (S256), state and nonce at the issuer', async () => {
    const info = await ctx.app.inject({ method: 'GET', url: '/api/login/oidc' });
    expect(info.json()).toEqual({ data: { enabled: true } });
    const url = new URL(await start());
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/login/oidc/callback`);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
  });

  it('signs an administrator in: a one-time code in the fragment, then the same session as a password, audited', async () => {
    const admin = await createAdmin(ctx.db, { name: 'Ana Empresa', email: 'ana@empresa.test' });
    provider.accounts.set('ana', { email: 'Ana@Empresa.test', email_verified: true, name: 'Ana' });
    const since = await lastAuditId(ctx.db);
    const back = await signInAtProvider('ana');
    expect(back.location).toMatch(/^\/login#oidc_code=[\w-]{43}$/);
    const opened = await exchange(back.code!);
    expect(opened.statusCode, opened.body).toBe(200);
    const { token, user } = opened.json();
    expect(user).toMatchObject({ id: admin.id, email: 'ana@empresa.test', role: 'admin' });
    // The device cookie, as a password sign-in leaves it.
    expect(String(opened.headers['set-cookie'])).toMatch(
      /^panel_device=.+; Max-Age=\d+; Path=\/api\/login; HttpOnly; SameSite=Strict/,
    );
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    // Its session is listed with the others, with the browser in words.
    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(session).toMatchObject({ ip: REMOTE, revokedAt: null });
    const entries = await queryRows<{
      actor_id: number;
      entity: string;
      entity_id: number;
      label: string;
      route: string;
    }>(
      ctx.db,
      sql`SELECT actor_id, entity, entity_id::int, label, route FROM audit_log WHERE id > ${since} ORDER BY id`,
    );
    expect(entries).toEqual([
      {
        actor_id: admin.id,
        entity: 'sessions',
        entity_id: session!.id,
        label: 'Inicio de sesión con la cuenta de la empresa: «Ana Empresa» (Chrome en Linux)',
        route: 'POST /api/login/oidc/exchange',
      },
    ]);
    // The one-time code is spent.
    const again = await exchange(back.code!);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(OIDC_MSG.handoffExpired);
  });

  it("signs a seller in to the sellers' app: back to /comunidad/, the day's points as with a password", async () => {
    const seller = await createUser(ctx.db, { email: 'vero@empresa.test' });
    provider.accounts.set('vero', { email: 'vero@empresa.test', email_verified: 'true' });
    const back = await signInAtProvider('vero', 'community');
    expect(back.location).toMatch(/^\/comunidad\/#oidc_code=/);
    const opened = await exchange(back.code!);
    expect(opened.json().user).toMatchObject({ id: seller.id, role: 'seller' });
    const [row] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM point_transactions WHERE user_id = ${seller.id}`,
    );
    expect(row!.n).toBe(1);
  });

  it('still asks a panel account its second factor (the mfa step), and audits the sign-in once it is given', async () => {
    const admin = await createAdmin(ctx.db, { email: 'totp@empresa.test' });
    const { secret } = await enableTotp(ctx.db, ctx.app.totpBox, admin, new Date(Date.now() - 60_000));
    provider.accounts.set('totp', { email: 'totp@empresa.test', email_verified: true });
    const back = await signInAtProvider('totp');
    const step = await exchange(back.code!);
    expect(step.statusCode).toBe(200);
    expect(step.json()).toMatchObject({ mfa_required: true, methods: ['totp'] });
    const since = await lastAuditId(ctx.db);
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/mfa',
      payload: { mfa_token: step.json().mfa_token, code: totpCodeAt(secret, new Date()) },
      remoteAddress: REMOTE,
    });
    expect(done.statusCode, done.body).toBe(200);
    const [entry] = await queryRows<{ label: string }>(
      ctx.db,
      sql`SELECT label FROM audit_log WHERE id > ${since} AND entity = 'sessions'`,
    );
    expect(entry?.label).toMatch(/^Inicio de sesión con la cuenta de la empresa: /);
  });

  it('refuses a wrong state, and a state used once already', async () => {
    await createAdmin(ctx.db, { email: 'ana@empresa.test' });
    provider.accounts.set('ana', { email: 'ana@empresa.test', email_verified: true });
    const url = await authorizeAt(await start(), 'ana');
    const forged = new URL(url);
    forged.searchParams.set('state', 'un-state-que-nadie-pidio-aaaaaaaaaaaaaa');
    expect(await callback(forged)).toMatchObject({
      error: 'failed',
      code: null,
      location: '/login#oidc_error=failed',
    });
    const first = await callback(url);
    expect(first.code).toBeTruthy();
    // The same answer twice (the state is single use): refused before the code goes anywhere.
    expect((await callback(url)).error).toBe('failed');
  });

  it('refuses a replayed code: the issuer will not exchange it twice', async () => {
    await createAdmin(ctx.db, { email: 'ana@empresa.test' });
    provider.accounts.set('ana', { email: 'ana@empresa.test', email_verified: true });
    const authorization = await start();
    const url = await authorizeAt(authorization, 'ana');
    expect((await callback(url)).code).toBeTruthy();
    // A second sign-in whose state is fresh, carrying the first one's (spent) code.
    const second = await authorizeAt(await start(), 'ana');
    const replay = new URL(second);
    replay.searchParams.set('code', url.searchParams.get('code')!);
    expect((await callback(replay)).error).toBe('failed');
  });

  it('refuses an e-mail the issuer has not verified, and a token with no e-mail', async () => {
    await createAdmin(ctx.db, { email: 'ana@empresa.test' });
    provider.accounts.set('ana', { email: 'ana@empresa.test', email_verified: false });
    expect((await signInAtProvider('ana')).error).toBe('unverified_email');
    provider.accounts.set('nadie', { email: '', email_verified: true });
    expect((await signInAtProvider('nadie')).error).toBe('unverified_email');
  });

  it('refuses an expired ID token', async () => {
    await createAdmin(ctx.db, { email: 'ana@empresa.test' });
    provider.accounts.set('ana', { email: 'ana@empresa.test', email_verified: true });
    const url = await authorizeAt(await start(), 'ana');
    // 9 minutes later for the app: its state (10 minutes) still stands, the ID token (5) does not.
    offsetMs = 9 * 60_000;
    expect((await callback(url)).error).toBe('failed');
  });

  it('follows the issuer when its keys rotate: a new key id fetches the keys again', async () => {
    await createAdmin(ctx.db, { email: 'ana@empresa.test' });
    provider.accounts.set('ana', { email: 'ana@empresa.test', email_verified: true });
    expect((await signInAtProvider('ana')).code).toBeTruthy();
    const before = provider.kid;
    await provider.rotateKeys();
    expect(provider.kid).not.toBe(before);
    provider.accounts.set('ana', { email: 'ana@empresa.test', email_verified: true });
    const back = await signInAtProvider('ana');
    expect(back.error).toBeNull();
    expect((await exchange(back.code!)).statusCode).toBe(200);
  });

  it('refuses an unknown e-mail, unless a default branch makes it a seller there', async () => {
    provider.accounts.set('nueva', { email: 'nueva@empresa.test', email_verified: true, name: 'Nora Nueva' });
    expect((await signInAtProvider('nueva')).error).toBe('unknown_email');
    expect(await ctx.db.select().from(users).where(eq(users.email, 'nueva@empresa.test'))).toEqual([]);

    const branch = await createBranch(ctx.db);
    ctx.config.oidc!.createSellersBranchId = branch.id;
    const back = await signInAtProvider('nueva', 'community');
    const opened = await exchange(back.code!);
    expect(opened.json().user).toMatchObject({
      name: 'Nora Nueva',
      email: 'nueva@empresa.test',
      role: 'seller',
      branch_id: branch.id,
    });
  });

  it('maps the groups claim of an unknown e-mail to a role and branch (OIDC_GROUP_MAP), and leaves existing accounts as they are', async () => {
    const branch = await createBranch(ctx.db);
    ctx.config.oidc!.groupsClaim = 'groups';
    ctx.config.oidc!.groupMap = [
      { group: 'panel-admins', role: 'admin' },
      { group: 'ventas', role: 'seller', branchId: branch.id },
    ];
    provider.accounts.set('jefa', {
      email: 'jefa@empresa.test',
      email_verified: true,
      groups: ['otros', 'panel-admins'],
    });
    provider.accounts.set('vende', { email: 'vende@empresa.test', email_verified: true, groups: ['ventas'] });
    provider.accounts.set('nada', { email: 'nada@empresa.test', email_verified: true, groups: ['otros'] });
    const jefa = await exchange((await signInAtProvider('jefa')).code!);
    expect(jefa.json().user).toMatchObject({ email: 'jefa@empresa.test', role: 'admin', branch_id: null });
    const vende = await exchange((await signInAtProvider('vende', 'community')).code!);
    expect(vende.json().user).toMatchObject({ role: 'seller', branch_id: branch.id });
    expect((await signInAtProvider('nada')).error).toBe('unknown_email');
    // An existing seller listed as an administrator at the issuer stays a seller.
    const seller = await createUser(ctx.db, { email: 'sigue@empresa.test', branchId: branch.id });
    provider.accounts.set('sigue', {
      email: 'sigue@empresa.test',
      email_verified: true,
      groups: ['panel-admins'],
    });
    const sigue = await exchange((await signInAtProvider('sigue', 'community')).code!);
    expect(sigue.json().user).toMatchObject({ id: seller.id, role: 'seller' });
  });

  it('refuses an inactive account', async () => {
    await createUser(ctx.db, { email: 'baja@empresa.test', active: false });
    provider.accounts.set('baja', { email: 'baja@empresa.test', email_verified: true });
    expect(await signInAtProvider('baja', 'community')).toMatchObject({
      error: 'inactive',
      location: '/comunidad/#oidc_error=inactive',
    });
  });

  it('"only with the company account": panel passwords answer 403, sellers and this way still work', async () => {
    const admin = await createAdmin(ctx.db, { email: 'ana@empresa.test' });
    const put = await ctx.asAdmin('PUT', '/api/settings/sign-in', { mfa_required: false, oidc_only: true });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ oidc_only: true, oidc_available: true });
    const password = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: admin.email, password: TEST_PASSWORD },
    });
    expect(password.statusCode).toBe(403);
    expect(password.json().message).toBe(OIDC_MSG.oidcOnly);
    // A wrong password is still the usual 401 (the rule says nothing about an account to a guesser).
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: admin.email, password: 'no-es-la-clave' },
    });
    expect(wrong.statusCode).toBe(401);
    const seller = await createUser(ctx.db);
    const sellerLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: seller.email, password: TEST_PASSWORD },
    });
    expect(sellerLogin.statusCode).toBe(200);
    provider.accounts.set('ana', { email: 'ana@empresa.test', email_verified: true });
    const back = await signInAtProvider('ana');
    expect((await exchange(back.code!)).statusCode).toBe(200);
  });
});

describe('the company account sign-in, not configured', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestContext();
  });
  afterAll(() => plain?.close());

  it("says it is off, answers 404 on the flow's routes, and the rule cannot be turned on", async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/api/login/oidc' })).json()).toEqual({
      data: { enabled: false },
    });
    for (const [method, url] of [
      ['GET', '/api/login/oidc/start?app=panel'],
      ['GET', '/api/login/oidc/callback?code=x&state=y'],
      ['POST', '/api/login/oidc/exchange'],
    ] as const) {
      const answer = await plain.app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: { code: 'x' } } : {}),
      });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    const put = await plain.asAdmin('PUT', '/api/settings/sign-in', { mfa_required: false, oidc_only: true });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe(OIDC_MSG.oidcOnlyNeedsIssuer);
  });
});
