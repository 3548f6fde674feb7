import { SESSION_MSG } from '@panel/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/client.ts';
import { sessions } from '../../../src/db/schema/users.ts';
import { SESSION_IDLE_MS } from '../../../src/services/auth/sessions.ts';
import { auditRows, lastAuditId } from '../../../src/testing/audit.ts';
import { bearer, createUser, TEST_PASSWORD, tokenFor } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// Issue 30, section 4: a person sees their open sessions ("Mi cuenta", Perfil) and ends them; an
// administrator sees and ends anyone's. Every ending is audited, a seller's too.
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

const as = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string) =>
  ctx.app.inject({ method, url, headers: bearer(token) });
const me = (token: string) => as(token, 'GET', '/api/me');

/** Signs in through /api/login, as a browser at `ip` would. */
async function signIn(email: string, userAgent: string, ip: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

describe('GET /api/me/sessions', () => {
  it("lists the caller's open sessions, most recent use first, with device words, address and the current one", async () => {
    const seller = await createUser(ctx.db);
    const phone = await signIn(seller.email, SAFARI_IPHONE, '10.2.0.7');
    const desk = await signIn(seller.email, CHROME_WINDOWS, '10.2.0.8');
    // Someone else's session is not listed.
    await signIn(ctx.admin.email, CHROME_WINDOWS, '10.2.0.9');
    // Ended, past its idle time: not listed either.
    const ended = await tokenFor(ctx.db, seller.id);
    await as(ended, 'POST', '/api/logout');
    await tokenFor(ctx.db, seller.id, new Date(Date.now() - SESSION_IDLE_MS - 1000));

    const res = await as(phone, 'GET', '/api/me/sessions');
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json();
    expect(meta.total).toBe(2);
    expect(
      data.map((s: { device: string; ip: string; current: boolean }) => [s.device, s.ip, s.current]),
    ).toEqual([
      ['Chrome en Windows', '10.2.0.8', false],
      ['Safari en iPhone', '10.2.0.7', true],
    ]);
    expect(Date.parse(data[0].last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
    // The other token sees the same two, itself current.
    const other = (await as(desk, 'GET', '/api/me/sessions')).json().data;
    expect(other.find((s: { current: boolean }) => s.current).device).toBe('Chrome en Windows');
  });

  it('names a session with no browser header "Dispositivo desconocido"', async () => {
    const res = await as(ctx.seller.token, 'GET', '/api/me/sessions');
    expect(res.json().data).toEqual([
      expect.objectContaining({ device: 'Dispositivo desconocido', ip: null, current: true }),
    ]);
  });
});

describe('DELETE /api/me/sessions/{id}', () => {
  it("ends one of the caller's sessions: its token gets 401 at once, the caller's keeps working; audited for a seller", async () => {
    const seller = await createUser(ctx.db, { name: 'Ana Pérez' });
    const mine = await signIn(seller.email, CHROME_WINDOWS, '10.3.0.1');
    const stolen = await signIn(seller.email, SAFARI_IPHONE, '10.3.0.2');
    expect((await me(stolen)).statusCode).toBe(200); // cached now
    const list = (await as(mine, 'GET', '/api/me/sessions')).json().data;
    const target = list.find((s: { current: boolean }) => !s.current);
    const before = await lastAuditId(ctx.db);

    const res = await as(mine, 'DELETE', `/api/me/sessions/${target.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await me(stolen)).statusCode).toBe(401);
    expect((await me(mine)).statusCode).toBe(200);

    const rows = await auditRows(ctx.db, before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: seller.id,
      actor_email: seller.email,
      route: 'DELETE /api/me/sessions/:id',
      action: 'update',
      entity: 'sessions',
      entity_id: target.id,
    });
    expect(Object.keys(rows[0]!.changes)).toEqual(['revoked_at']);
    const [labelled] = await queryRows<{ label: string }>(
      ctx.db,
      sql`SELECT label FROM audit_log WHERE id = ${rows[0]!.id}`,
    );
    expect(labelled!.label).toBe('Sesión de «Ana Pérez» (Safari en iPhone)');
  });

  it("answers 404 for another person's session, or one already ended, and ends nothing", async () => {
    const stranger = await createUser(ctx.db);
    const theirs = await tokenFor(ctx.db, stranger.id);
    const [row] = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, stranger.id));
    const res = await as(ctx.seller.token, 'DELETE', `/api/me/sessions/${row!.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SESSION_MSG.notFound);
    expect((await me(theirs)).statusCode).toBe(200);

    const extra = await tokenFor(ctx.db, ctx.seller.id);
    await as(extra, 'POST', '/api/logout');
    const [ended] = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(sql`${sessions.userId} = ${ctx.seller.id} AND ${sessions.revokedAt} IS NOT NULL`);
    expect((await as(ctx.seller.token, 'DELETE', `/api/me/sessions/${ended!.id}`)).statusCode).toBe(404);
    expect((await as(ctx.seller.token, 'DELETE', '/api/me/sessions/999999')).statusCode).toBe(404);
  });

  it('ending the current session signs out', async () => {
    const list = (await as(ctx.seller.token, 'GET', '/api/me/sessions')).json().data;
    const res = await as(ctx.seller.token, 'DELETE', `/api/me/sessions/${list[0].id}`);
    expect(res.statusCode).toBe(204);
    expect((await me(ctx.seller.token)).statusCode).toBe(401);
  });
});

describe('POST /api/me/sessions/end-others', () => {
  it('ends every other open session, keeps the current one, answers how many, and audits each', async () => {
    const current = await tokenFor(ctx.db, ctx.admin.id);
    const others = [ctx.admin.token, await tokenFor(ctx.db, ctx.admin.id)];
    for (const t of others) expect((await me(t)).statusCode).toBe(200);
    const sellerToken = ctx.seller.token;
    const before = await lastAuditId(ctx.db);

    const res = await as(current, 'POST', '/api/me/sessions/end-others');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { ended: 2 } });
    for (const t of others) expect((await me(t)).statusCode).toBe(401);
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(sellerToken)).statusCode).toBe(200);
    const rows = await auditRows(ctx.db, before);
    expect(rows.map((r) => [r.entity, r.action, r.route])).toEqual([
      ['sessions', 'update', 'POST /api/me/sessions/end-others'],
      ['sessions', 'update', 'POST /api/me/sessions/end-others'],
    ]);

    const again = await as(current, 'POST', '/api/me/sessions/end-others');
    expect(again.json()).toEqual({ data: { ended: 0 } });
  });
});

describe("the administrators' view: /api/users/{id}/sessions", () => {
  it("lists a person's open sessions and ends them all, audited under the administrator", async () => {
    const seller = await createUser(ctx.db);
    const a = await signIn(seller.email, SAFARI_IPHONE, '10.4.0.1');
    const b = await signIn(seller.email, CHROME_WINDOWS, '10.4.0.2');
    const list = await ctx.asAdmin('GET', `/api/users/${seller.id}/sessions`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta.total).toBe(2);
    expect(list.json().data.every((s: { current: boolean }) => !s.current)).toBe(true);
    const before = await lastAuditId(ctx.db);

    const res = await ctx.asAdmin('DELETE', `/api/users/${seller.id}/sessions`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { ended: 2 } });
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    expect((await ctx.asAdmin('GET', `/api/users/${seller.id}/sessions`)).json().meta.total).toBe(0);
    const rows = await auditRows(ctx.db, before);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        actor_id: ctx.admin.id,
        entity: 'sessions',
        route: 'DELETE /api/users/:id/sessions',
      });
    }
  });

  it("keeps the administrator's own current session when the account is their own", async () => {
    const other = await tokenFor(ctx.db, ctx.admin.id);
    const res = await ctx.asAdmin('DELETE', `/api/users/${ctx.admin.id}/sessions`);
    expect(res.json()).toEqual({ data: { ended: 1 } });
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(ctx.admin.token)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user, 403 for a seller, 401 without a session', async () => {
    expect((await ctx.asAdmin('GET', '/api/users/999999/sessions')).statusCode).toBe(404);
    expect((await ctx.asAdmin('DELETE', '/api/users/999999/sessions')).statusCode).toBe(404);
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await as(ctx.seller.token, method, `/api/users/${ctx.admin.id}/sessions`)).statusCode).toBe(
        403,
      );
      expect((await ctx.app.inject({ method, url: `/api/users/${ctx.seller.id}/sessions` })).statusCode).toBe(
        401,
      );
    }
    expect((await me(ctx.admin.token)).statusCode).toBe(200);
  });
});

describe('without a session', () => {
  it('answers 401 on every /api/me/sessions call', async () => {
    for (const [method, url] of [
      ['GET', '/api/me/sessions'],
      ['DELETE', '/api/me/sessions/1'],
      ['POST', '/api/me/sessions/end-others'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
