import { ZAuditEntry } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/client.ts';
import { bearer, createBranch, createManager, tokenFor } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * Auditoría for branch managers (docs/product.md#branch-managers): a manager's write is recorded with
 * their role and their branch; a manager lists the entries about their branch's records (whoever wrote
 * them), not another branch's nor the company's; every entry names the role its actor acted with.
 */
let ctx: TestContext;
const branches = { own: 0, other: 0 };
const managers = { own: { id: 0, token: '' }, other: { id: 0, token: '' } };

beforeAll(async () => {
  ctx = await createTestContext();
  branches.own = (await createBranch(ctx.db, { name: 'Norte' })).id;
  branches.other = (await createBranch(ctx.db, { name: 'Sur' })).id;
  for (const key of ['own', 'other'] as const) {
    const { id } = await createManager(ctx.db, branches[key]);
    managers[key] = { id, token: await tokenFor(ctx.db, id) };
  }
  // The manager's own write: a second factor's pending key (user_totp, the manager's row).
  const setup = await ctx.app.inject({
    method: 'POST',
    url: '/api/me/mfa/totp/setup',
    headers: bearer(managers.own.token),
  });
  expect(setup.statusCode, setup.body).toBe(200);
  // An administrator's writes: each branch's record, and one of the company's (a supplier).
  for (const [id, name] of [
    [branches.own, 'Norte bis'],
    [branches.other, 'Sur bis'],
  ] as const) {
    expect((await ctx.asAdmin('PUT', `/api/branches/${id}`, { name })).statusCode).toBe(200);
  }
  const supplier = await ctx.asAdmin('POST', '/api/suppliers', { code: 'P-1', business_name: 'Proveedor' });
  expect(supplier.statusCode, supplier.body).toBe(201);
});
afterAll(() => ctx?.close());

const list = async (token: string, query = '') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: unknown[]; meta: { total: number } };
  return { entries: body.data.map((e) => ZAuditEntry.parse(e)), total: body.meta.total };
};

describe('Auditoría for a branch manager', () => {
  it("records a manager's write with their role and their branch", async () => {
    const rows = await queryRows<{ actor_role: string | null; branch_id: number | null; route: string }>(
      ctx.db,
      sql`SELECT actor_role, branch_id, route FROM audit_log WHERE actor_id = ${managers.own.id}`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toEqual({
        actor_role: 'branch_manager',
        branch_id: branches.own,
        route: 'POST /api/me/mfa/totp/setup',
      });
    }
  });

  it("lists their branch's entries, whoever wrote them, each with its actor's role", async () => {
    const { entries, total } = await list(managers.own.token);
    expect(total).toBe(entries.length);
    expect(entries.map((e) => [e.entity, e.actor_role])).toEqual([
      ['branches', 'admin'],
      ['user_totp', 'branch_manager'],
    ]);
    expect(entries[0]!.entity_id).toBe(branches.own);
    expect(entries[1]!.actor_id).toBe(managers.own.id);
    // Someone else's address is not theirs to see; their own is.
    expect(entries.map((e) => e.ip)).toEqual([null, '127.0.0.1']);
  });

  it("does not list another branch's entries nor the company's", async () => {
    const theirs = await list(managers.other.token);
    expect(theirs.entries.map((e) => [e.entity, e.entity_id])).toEqual([['branches', branches.other]]);
    expect(theirs.entries.some((e) => e.actor_id === managers.own.id)).toBe(false);
    // Filters narrow the manager's entries, never widen them.
    expect((await list(managers.own.token, '?entity=suppliers')).total).toBe(0);
    expect((await list(managers.own.token, `?entity_id=${branches.other}&entity=branches`)).total).toBe(0);
    expect((await list(managers.other.token, `?actor_id=${managers.own.id}`)).total).toBe(0);
  });

  it("an administrator's list is the whole trail, with each actor's role", async () => {
    const { entries } = await list(ctx.admin.token);
    expect(entries.map((e) => e.entity)).toEqual(
      expect.arrayContaining(['suppliers', 'branches', 'branches', 'user_totp']),
    );
    expect(entries.find((e) => e.entity === 'suppliers')!.actor_role).toBe('admin');
    expect(entries.find((e) => e.entity === 'user_totp')!.actor_role).toBe('branch_manager');
    expect(entries.every((e) => e.ip === '127.0.0.1')).toBe(true);
  });

  it('is still refused to sellers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(ctx.seller.token) });
    expect(res.statusCode).toBe(403);
  });
});
