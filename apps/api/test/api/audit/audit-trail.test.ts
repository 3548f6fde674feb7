import { AUDIT_ENTITIES } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { queryRows } from '../../../src/db/client.ts';
import { branches } from '../../../src/db/schema/branches.ts';
import { conflict } from '../../../src/lib/http-errors.ts';
import { auditRows as readAuditRows } from '../../../src/testing/audit.ts';
import { bearer, createBranch, createPost, createUser } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * The audit trail's mechanism (docs/decisions/2026-11-24-audit-trail.md): admin writes leave one
 * audit row per row written, in the same transaction; nothing else does. That every admin write
 * route is covered is proven in audit-coverage.test.ts.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

const auditRows = () => readAuditRows(ctx.db);

describe('an administrator write', () => {
  it('records who, from where, which operation, which record and every field of a create', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/branches',
      payload: { name: 'Rosario Norte', city: 'Rosario' },
      headers: { ...bearer(ctx.admin.token), 'x-forwarded-for': '203.0.113.9' },
      remoteAddress: '198.51.100.7',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: ctx.admin.id,
      actor_email: ctx.admin.email,
      // TRUST_PROXY is off: the socket's address, not what a client claims.
      ip: '198.51.100.7',
      route: 'POST /api/branches',
      action: 'create',
      entity: 'branches',
      entity_id: id,
    });
    expect(rows[0]!.request_id).toMatch(/\S/);
    expect(rows[0]!.changes).toMatchObject({
      id: { before: null, after: id },
      name: { before: null, after: 'Rosario Norte' },
      city: { before: null, after: 'Rosario' },
    });
    // A create lists what it set, not the empty columns.
    expect(rows[0]!.changes).not.toHaveProperty('address');
  });

  it('records only the changed fields of an update, with their values before and after', async () => {
    const branch = await createBranch(ctx.db, {
      name: 'Córdoba Centro',
      city: 'Córdoba',
      address: 'Colón 100',
    });
    const res = await ctx.asAdmin('PUT', `/api/branches/${branch.id}`, {
      name: 'Córdoba Sur',
      city: 'Córdoba',
      address: 'Colón 100',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'update', entity: 'branches', entity_id: branch.id });
    expect(rows[0]!.changes.name).toEqual({ before: 'Córdoba Centro', after: 'Córdoba Sur' });
    for (const [field, change] of Object.entries(rows[0]!.changes)) {
      expect(change.before, field).not.toEqual(change.after);
    }
    expect(rows[0]!.changes).not.toHaveProperty('city');
  });

  it('records a delete with the values the row had', async () => {
    const branch = await createBranch(ctx.db, { name: 'Mendoza' });
    expect((await ctx.asAdmin('DELETE', `/api/branches/${branch.id}`)).statusCode).toBeLessThan(300);
    const [row] = await auditRows();
    expect(row).toMatchObject({ action: 'delete', entity: 'branches', entity_id: branch.id });
    expect(row!.changes.name).toEqual({ before: 'Mendoza', after: null });
  });

  it('hides secrets: a password hash and a connection string show as "[oculto]", never their value', async () => {
    const seller = await createUser(ctx.db);
    const put = await ctx.asAdmin('PUT', `/api/users/${seller.id}`, { password: 'otra-clave-muy-larga-7' });
    expect(put.statusCode, put.body).toBe(200);
    const created = await ctx.asAdmin('POST', '/api/branches', {
      name: 'Salta',
      connection_string: 'postgres://u:clave-secreta@db/salta',
    });
    expect(created.statusCode).toBe(201);
    const rows = await auditRows();
    const user = rows.find((r) => r.entity === 'users');
    expect(user!.changes.password_hash).toEqual({ before: '[oculto]', after: '[oculto]' });
    const branch = rows.find((r) => r.entity === 'branches');
    expect(branch!.changes.connection_string_enc).toEqual({ before: null, after: '[oculto]' });
    const [hash] = await queryRows<{ h: string }>(
      ctx.db,
      sql`SELECT password_hash AS h FROM users WHERE id = ${seller.id}`,
    );
    const [sealed] = await ctx.db.select({ enc: branches.connectionStringEnc }).from(branches);
    const all = JSON.stringify(rows);
    expect(all).not.toContain(hash!.h);
    expect(all).not.toContain(sealed!.enc);
    expect(all).not.toContain('clave-secreta');
  });

  it('keeps the rows a nested transaction wrote (savepoints) and their audit rows', async () => {
    // A deactivation updates the user and revokes its sessions in the handler's own transaction.
    const seller = await createUser(ctx.db);
    const res = await ctx.asAdmin('PUT', `/api/users/${seller.id}`, { active: false });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await auditRows();
    expect(rows.map((r) => [r.entity, r.action])).toEqual([['users', 'update']]);
    expect(rows[0]!.changes.active).toEqual({ before: true, after: false });
  });
});

describe('what is not an administrator write', () => {
  it('records nothing for a refused write (409) and leaves the data as it was', async () => {
    const branch = await createBranch(ctx.db);
    await createUser(ctx.db, { branchId: branch.id });
    const res = await ctx.asAdmin('DELETE', `/api/branches/${branch.id}`);
    expect(res.statusCode).toBe(409);
    expect(await auditRows()).toEqual([]);
  });

  it("records nothing for a seller's writes through /api/app/*", async () => {
    const post = await createPost(ctx.db, ctx.admin.id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/app/posts/${post.id}/like`,
      headers: bearer(ctx.seller.token),
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await auditRows()).toEqual([]);
  });

  it('records nothing for writes outside a request (start-up, seeds, the CLI)', async () => {
    await createBranch(ctx.db);
    await createUser(ctx.db);
    expect(await auditRows()).toEqual([]);
  });
});

describe('the audit log itself', () => {
  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const branch = await createBranch(ctx.db);
    await ctx.asAdmin('PUT', `/api/branches/${branch.id}`, { name: 'Otra' });
    expect(await auditRows()).toHaveLength(1);
    for (const statement of [
      sql`UPDATE audit_log SET actor_email = 'otro@prueba.test'`,
      sql`DELETE FROM audit_log`,
      sql`TRUNCATE audit_log`,
    ]) {
      const error = await ctx.db.execute(statement).then(
        () => null,
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
      expect(error).toMatch(/audit_log is append-only/);
    }
    expect(await auditRows()).toHaveLength(1);
  });
});

describe('which tables are audited', () => {
  /** Not business records (docs/decisions/2026-11-24-audit-trail.md). */
  const NOT_AUDITED = [
    'audit_log',
    // The triggers' staging, empty outside an administrator's transaction (2026-12-02).
    'audit_pending',
    'password_resets',
    // The step between password and code: a hash, 5 minutes, used once (docs/decisions/2026-12-03-second-factor.md).
    'mfa_tokens',
    // WebAuthn ceremonies in progress: a hash, 2 minutes, used once (docs/decisions/2026-12-04-passkeys.md).
    'webauthn_challenges',
    // Sign-ins with the company's account under way: hashes, 10 minutes, used once (docs/decisions/2026-12-04-oidc.md).
    'oidc_logins',
    'point_totals',
    'point_totals_settings',
    'point_search_keys',
    'row_counts',
    'push_jobs',
    'app_settings',
    // Only sellers write views, never an administrator's action; a deleted post takes thousands with it
    // (docs/decisions/2026-12-03-views.md).
    'post_views',
    // Kept by triggers from post_views (migration 0023).
    'post_view_counts',
    // The sellers' days in the app, written by their own calls (docs/decisions/2026-12-03-engagement.md).
    'app_visits',
    // Kept by triggers from app_visits, post_views, post_likes and post_comments (migration 0027).
    'app_visit_weeks',
    'app_visit_week_counts',
    'app_last_visits',
    'engagement_week_counts',
    // The queue of scheduled publications, as push_jobs: the record's own row carries publish_at
    // (docs/decisions/2026-12-04-scheduled-publishing.md).
    'scheduled_jobs',
  ];

  it('every table has the audit_row trigger (the read API lists exactly those), or is named as not audited', async () => {
    const tables = await queryRows<{ name: string; args: string | null }>(
      ctx.db,
      sql`SELECT c.relname AS name,
                 (SELECT encode(t.tgargs, 'escape') FROM pg_trigger t
                   WHERE t.tgrelid = c.oid AND t.tgname = 'audit_row') AS args
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind = 'r'`,
    );
    const audited = tables.filter((t) => t.args !== null).map((t) => t.name);
    const neither = tables.filter((t) => t.args === null && !NOT_AUDITED.includes(t.name)).map((t) => t.name);
    expect(neither, 'tables without audit_row and not in NOT_AUDITED').toEqual([]);
    expect([...audited].sort()).toEqual([...AUDIT_ENTITIES].sort());
  });

  it('every column whose name says secret is hidden in the audit', async () => {
    const columns = await queryRows<{ table: string; column: string; args: string }>(
      ctx.db,
      sql`SELECT c.relname AS table, a.attname AS column, encode(t.tgargs, 'escape') AS args
            FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
           WHERE t.tgname = 'audit_row'
             AND a.attname ~ '(password|hash|token|secret|_enc$|p256dh|^auth$|endpoint)'`,
    );
    expect(columns.length).toBeGreaterThanOrEqual(5);
    for (const c of columns) expect(c.args, `${c.table}.${c.column}`).toContain(`secret:${c.column}`);
  });
});

describe('a handler that writes and then fails', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await buildApp({ config: ctx.config, db: ctx.testDb.database, push: { worker: false } });
    // Test-only routes registered like any panel write: the audit wrapper takes them.
    app.post('/api/audit-test/throws', { config: { access: 'admin' } }, async () => {
      await app.db.insert(branches).values({ name: 'Fantasma' });
      throw conflict('Choque de prueba');
    });
    app.post('/api/audit-test/answers-400', { config: { access: 'admin' } }, async (_request, reply) => {
      await app.db.insert(branches).values({ name: 'Fantasma' });
      return reply.code(400).send({ message: 'Rechazado' });
    });
    app.post('/api/audit-test/sends-201', { config: { access: 'admin' } }, async (_request, reply) => {
      await app.db.insert(branches).values({ name: 'Real' });
      return reply.code(201).send({ ok: true });
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  const call = (url: string) => app.inject({ method: 'POST', url, headers: bearer(ctx.admin.token) });
  const branchNames = async () =>
    (await ctx.db.select({ name: branches.name }).from(branches)).map((b) => b.name);

  it('rolls back its rows and their audit rows when it throws', async () => {
    const res = await call('/api/audit-test/throws');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Choque de prueba');
    expect(await branchNames()).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it('rolls back its rows and their audit rows when it answers 400 itself', async () => {
    const res = await call('/api/audit-test/answers-400');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Rechazado' });
    expect(await branchNames()).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it('answers what it sent once the write and its audit row are committed', async () => {
    const res = await call('/api/audit-test/sends-201');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect(await branchNames()).toEqual(['Real']);
    expect((await auditRows()).map((r) => r.route)).toEqual(['POST /api/audit-test/sends-201']);
  });
});
