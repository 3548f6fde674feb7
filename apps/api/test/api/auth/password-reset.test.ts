import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MSG, PASSWORD_MSG, RESET_MSG } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../../src/db/client.ts';
import { replacePassword } from '../../../src/services/auth/password-change.ts';
import { hashPassword } from '../../../src/services/auth/passwords.ts';
import { bearer, createAdmin, createUser, TEST_PASSWORD, tokenFor } from '../../../src/testing/factories.ts';
import { resetLinkOf, startMailServer } from '../../../src/testing/mail-server.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * "¿Olvidaste tu contraseña?" (issue 23, item 2): the mail goes over real SMTP to a server this test
 * starts (smtp-server), is parsed with mailparser, and its link is followed.
 */
const PUBLIC_URL = 'https://panel.prueba.test';
const NEW_PASSWORD = 'pampa-lluviosa-2026';

let ctx: TestContext;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let clock = Date.now();

const request = (email: string, remoteAddress = '10.30.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/password-reset', payload: { email }, remoteAddress });
const confirm = (token: string, password = NEW_PASSWORD, remoteAddress = '10.31.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/password-reset/confirm',
    payload: { token, password },
    remoteAddress,
  });
const login = (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress: '10.32.0.1',
  });

/** The mails that reached the test's SMTP server for this address, once the app's sends are done. */
async function mailsTo(address: string) {
  await ctx.app.mailer.idle();
  return mail.mailsTo(address);
}

beforeAll(async () => {
  mail = await startMailServer();
  ctx = await createTestContext({
    env: { SMTP_URL: mail.url, MAIL_FROM: 'Panel <no-responder@prueba.test>', PUBLIC_URL },
    now: () => new Date(clock),
  });
});
afterAll(async () => {
  await ctx?.close();
  await mail?.close();
});

describe('password reset by mail', () => {
  it('mails a one-time link to a seller, whose new password signs in and whose sessions all end', async () => {
    const seller = await createUser(ctx.db, { name: 'Lucía Benítez' });
    const phone = await tokenFor(ctx.db, seller.id);
    const laptop = await tokenFor(ctx.db, seller.id);

    const res = await request(`  ${seller.email.toUpperCase()} `);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: RESET_MSG.sent });

    const [received, ...more] = await mailsTo(seller.email);
    expect(more).toHaveLength(0);
    expect(received!.subject).toBe('Elegí una contraseña nueva');
    expect(received!.from?.text).toContain('no-responder@prueba.test');
    expect(received!.text).toContain('Hola, Lucía Benítez:');
    expect(received!.text).toContain('30 minutos');
    const { link, token } = resetLinkOf(received!);
    // Sellers open it in the community app; the token travels in the fragment, never to a server log.
    expect(link).toBe(`${PUBLIC_URL}/comunidad/#restablecer=${token}`);
    expect(received!.html).toContain(`href="${link}"`);
    // Stored hashed: the token itself is nowhere in the table.
    const rows = await queryRows<{ token_hash: string }>(
      ctx.db,
      sql`select token_hash from password_resets where user_id = ${seller.id}`,
    );
    expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);

    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: RESET_MSG.done });

    for (const t of [phone, laptop]) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(t) })).statusCode).toBe(
        401,
      );
    }
    expect((await login(seller.email, TEST_PASSWORD)).statusCode).toBe(401);
    const signedIn = await login(seller.email, NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);

    // Single use.
    const again = await confirm(token, 'otra-clave-larga-2026');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: RESET_MSG.invalidToken,
      errors: { token: [RESET_MSG.invalidToken] },
    });
    expect((await login(seller.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("links an administrator to the panel's sign-in screen", async () => {
    const admin = await createAdmin(ctx.db);
    expect((await request(admin.email)).statusCode).toBe(202);
    const [received] = await mailsTo(admin.email);
    const { link, token } = resetLinkOf(received!);
    expect(link).toBe(`${PUBLIC_URL}/login#restablecer=${token}`);
  });

  it('answers an unknown or deactivated email with the same text, and mails nothing', async () => {
    const inactive = await createUser(ctx.db, { active: false });
    const before = mail.received.length;
    for (const email of ['nadie.por.aca@prueba.test', inactive.email]) {
      const res = await request(email, '10.30.1.1');
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: RESET_MSG.sent });
    }
    await ctx.app.mailer.idle();
    expect(mail.received.length).toBe(before);
    const bad = await request('no-es-un-email', '10.30.1.1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.email).toEqual([MSG.emailInvalid]);
  });

  it('refuses an expired link (30 minutes), a wrong one and a malformed one, naming the field', async () => {
    const seller = await createUser(ctx.db);
    await request(seller.email, '10.30.2.1');
    const [received] = await mailsTo(seller.email);
    const { token } = resetLinkOf(received!);

    const start = clock;
    clock = start + 31 * 60 * 1000;
    try {
      const expired = await confirm(token, NEW_PASSWORD, '10.31.2.1');
      expect(expired.statusCode).toBe(400);
      expect(expired.json().errors).toEqual({ token: [RESET_MSG.invalidToken] });
    } finally {
      clock = start;
    }
    const wrong = await confirm(`${token.slice(0, -4)}AAAA`, NEW_PASSWORD, '10.31.2.1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ token: [RESET_MSG.invalidToken] });
    const malformed = await confirm('corto', NEW_PASSWORD, '10.31.2.1');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.token).toEqual([RESET_MSG.invalidToken]);
    expect((await login(seller.email, TEST_PASSWORD)).statusCode).toBe(200);

    // The new password follows the policy (shared schema); the link stays usable after a refusal.
    const weak = await confirm(token, 'password123', '10.31.2.1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toEqual([PASSWORD_MSG.tooCommon]);
    expect((await confirm(token, NEW_PASSWORD, '10.31.2.1')).statusCode).toBe(200);
  });

  it('uses a link once when two saves race, and ends the other links of the account', async () => {
    const seller = await createUser(ctx.db);
    await request(seller.email, '10.30.3.1');
    await request(seller.email, '10.30.3.1');
    const [first, second] = await mailsTo(seller.email);
    const a = resetLinkOf(first!).token;
    const b = resetLinkOf(second!).token;
    const codes = (
      await Promise.all([
        confirm(a, 'carrera-uno-2026', '10.31.3.1'),
        confirm(a, 'carrera-dos-2026', '10.31.3.1'),
      ])
    ).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([200, 400]);
    expect((await confirm(b, 'carrera-tres-2026', '10.31.3.1')).statusCode).toBe(400);
  });

  it('mails an account at most 3 times an hour (same answer beyond), and answers 429 past 10 requests from one address', async () => {
    const seller = await createUser(ctx.db);
    for (let i = 0; i < 5; i++) {
      const res = await request(seller.email, `10.33.0.${i + 1}`);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: RESET_MSG.sent });
    }
    expect(await mailsTo(seller.email)).toHaveLength(3);

    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await request(`otro.${i}@prueba.test`, '10.34.0.1')).statusCode);
    expect(codes).toEqual([...Array(10).fill(202), 429]);
    const blocked = await request('otro.mas@prueba.test', '10.34.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: RESET_MSG.tooManyRequests });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await request('otro.mas@prueba.test', '10.34.0.2')).statusCode).toBe(202);
  });

  it('answers a known email as fast as an unknown one (compared in one run, not against a fixed time)', async () => {
    // Issue 28, item 3: p50 7 ms for existing accounts and 4 ms for unknown ones. The answer now
    // leaves before the lookup, the token and the mail, which are done after it. 30 samples of each.
    const known = await Promise.all(Array.from({ length: 31 }, () => createUser(ctx.db)));
    const timed = async (email: string, remoteAddress: string) => {
      const start = process.hrtime.bigint();
      const res = await request(email, remoteAddress);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: RESET_MSG.sent });
      // The work after the answer is not left to overlap the next sample.
      await ctx.app.mailer.idle();
      return ms;
    };
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < known.length; i++) {
      // Interleaved, each kind first in turn; the first pair warms up and is not counted.
      const pair = async (first: 'known' | 'unknown') => {
        const k = () => timed(known[i]!.email, `10.38.${i}.1`);
        const u = () => timed(`nadie.${i}@prueba.test`, `10.38.${i}.2`);
        if (first === 'known') return { k: await k(), u: await u() };
        const uMs = await u();
        return { k: await k(), u: uMs };
      };
      const { k, u } = await pair(i % 2 === 0 ? 'known' : 'unknown');
      if (i === 0) continue;
      knownMs.push(k);
      unknownMs.push(u);
    }
    expect(await mailsTo(known[5]!.email)).toHaveLength(1);
    // The lower quartile: on a busy machine the upper half is the scheduler's, not the request's.
    const quartile = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 4)]!;
    const ratio = quartile(knownMs) / quartile(unknownMs);
    // Measured here: 3.4 to 5 on the code that wrote the token before answering; 0.84 to 1.09 after on a
    // quiet machine, 0.61 once during a whole run (PostgreSQL, load 10). A factor of 2 either way tells
    // the two apart without failing on the scheduler's noise.
    expect(ratio).toBeLessThan(2);
    expect(ratio).toBeGreaterThan(1 / 2);
  });

  it('answers 429 after 20 wrong links from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const token = `${String(i).padStart(3, '0')}${'x'.repeat(40)}`;
      codes.push((await confirm(token, NEW_PASSWORD, '10.35.0.1')).statusCode);
    }
    expect(codes).toEqual([...Array(20).fill(400), 429]);
    const blocked = await confirm('y'.repeat(43), NEW_PASSWORD, '10.35.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: RESET_MSG.tooManyTries });
  });
});

/**
 * Issue 28, item 1: a link asked for before any other change of the password, or before a
 * deactivation, must not set a password after it. Each path ends the account's open links.
 */
describe('a reset link ends with every other change of the password', () => {
  let ip = 0;
  /** A seller with an open link: the link's token, and the seller's own session. */
  async function sellerWithLink() {
    const seller = await createUser(ctx.db);
    ip++;
    expect((await request(seller.email, `10.36.${ip}.1`)).statusCode).toBe(202);
    const [received] = await mailsTo(seller.email);
    return { seller, token: resetLinkOf(received!).token, session: await tokenFor(ctx.db, seller.id) };
  }
  /** The old link is refused as any used link, and the password it would have set does not sign in. */
  async function expectLinkEnded(email: string, token: string) {
    const res = await confirm(token, 'la-clave-del-atacante-2026', `10.37.${ip}.1`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: RESET_MSG.invalidToken,
      errors: { token: [RESET_MSG.invalidToken] },
    });
    expect((await login(email, 'la-clave-del-atacante-2026')).statusCode).toBe(401);
  }

  it("ends with the administrator's reset", async () => {
    const { seller, token } = await sellerWithLink();
    const reset = await ctx.asAdmin('POST', `/api/users/${seller.id}/reset-password`, {
      password: 'la-del-administrador-2026',
    });
    expect(reset.statusCode).toBe(200);
    await expectLinkEnded(seller.email, token);
    expect((await login(seller.email, 'la-del-administrador-2026')).statusCode).toBe(200);
  });

  it("ends with the administrator's reset to a generated password", async () => {
    const { seller, token } = await sellerWithLink();
    const reset = await ctx.asAdmin('POST', `/api/users/${seller.id}/reset-password`, {});
    expect(reset.statusCode).toBe(200);
    await expectLinkEnded(seller.email, token);
    expect((await login(seller.email, reset.json().data.generated_password)).statusCode).toBe(200);
  });

  it('ends when the administrator edits the password', async () => {
    const { seller, token } = await sellerWithLink();
    const edit = await ctx.asAdmin('PUT', `/api/users/${seller.id}`, { password: 'editada-por-admin-2026' });
    expect(edit.statusCode).toBe(200);
    await expectLinkEnded(seller.email, token);
    expect((await login(seller.email, 'editada-por-admin-2026')).statusCode).toBe(200);
  });

  it('ends when the user changes the password in the app', async () => {
    const { seller, token, session } = await sellerWithLink();
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/me/password',
      headers: bearer(session),
      payload: { current_password: TEST_PASSWORD, new_password: 'cambiada-en-la-app-2026' },
    });
    expect(change.statusCode).toBe(200);
    await expectLinkEnded(seller.email, token);
    expect((await login(seller.email, 'cambiada-en-la-app-2026')).statusCode).toBe(200);
  });

  it("ends with the CLI's reset-password (the function it runs)", async () => {
    const { seller, token } = await sellerWithLink();
    const hash = await hashPassword('desde-la-consola-2026');
    await ctx.db.transaction((tx) => replacePassword(tx, seller.id, hash, new Date()));
    await expectLinkEnded(seller.email, token);
    expect((await login(seller.email, 'desde-la-consola-2026')).statusCode).toBe(200);
  });

  it('ends with a deactivation, and stays ended once the account is active again', async () => {
    const { seller, token } = await sellerWithLink();
    expect((await ctx.asAdmin('PUT', `/api/users/${seller.id}`, { active: false })).statusCode).toBe(200);
    expect((await ctx.asAdmin('PUT', `/api/users/${seller.id}`, { active: true })).statusCode).toBe(200);
    await expectLinkEnded(seller.email, token);
    expect((await login(seller.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('ends with a deactivation of several at once', async () => {
    const first = await sellerWithLink();
    const second = await sellerWithLink();
    const ids = [first.seller.id, second.seller.id];
    for (const active of [false, true]) {
      const res = await ctx.asAdmin('POST', '/api/users/bulk-active', { ids, active });
      expect(res.statusCode).toBe(200);
    }
    await expectLinkEnded(first.seller.email, first.token);
    await expectLinkEnded(second.seller.email, second.token);
  });

  it('never sets a password on an inactive account', async () => {
    const { seller, token } = await sellerWithLink();
    // Deactivated without the routes (as by hand in the database): the link itself must refuse.
    await ctx.db.execute(sql`update users set active = false where id = ${seller.id}`);
    await expectLinkEnded(seller.email, token);
    await ctx.db.execute(sql`update users set active = true where id = ${seller.id}`);
    expect((await login(seller.email, TEST_PASSWORD)).statusCode).toBe(200);
    // And an inactive account is sent no link at all.
    await ctx.db.execute(sql`update users set active = false where id = ${seller.id}`);
    const before = (await mailsTo(seller.email)).length;
    expect((await request(seller.email, '10.36.200.1')).statusCode).toBe(202);
    expect(await mailsTo(seller.email)).toHaveLength(before);
  });
});

describe('password reset without SMTP (the embedded default)', () => {
  let local: TestContext;
  beforeAll(async () => {
    local = await createTestContext({ env: { PUBLIC_URL } });
  });
  afterAll(() => local?.close());

  it('writes each mail as an .eml under DATA_DIR/mail (CRLF lines) and logs where', async () => {
    const info = vi.spyOn(local.app.log, 'info');
    const seller = await createUser(local.db);
    const res = await local.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      payload: { email: seller.email },
    });
    expect(res.statusCode).toBe(202);
    await local.app.mailer.idle();

    const dir = join(local.config.dataDir, 'mail');
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const file = join(dir, files[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const logged = info.mock.calls.find((call) => String(call[1] ?? '').includes(file));
    expect(logged).toBeDefined();
    expect(JSON.stringify(info.mock.calls)).not.toContain('#restablecer=');

    // Every line ends in CRLF, as RFC 5322 wants (issue 28, item 10): no bare LF anywhere.
    const raw = readFileSync(file, 'latin1');
    expect(raw).toContain('\r\n');
    expect(raw.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);

    const parsed = await simpleParser(readFileSync(file));
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toContain(seller.email);
    const { token } = resetLinkOf(parsed);
    const done = await local.app.inject({
      method: 'POST',
      url: '/api/password-reset/confirm',
      payload: { token, password: NEW_PASSWORD },
    });
    expect(done.statusCode).toBe(200);
    const signedIn = await local.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: seller.email, password: NEW_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
  });
});
