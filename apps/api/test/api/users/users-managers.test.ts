import { MSG, USER_MSG } from '@panel/shared';
import { parse } from 'csv-parse/sync';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/db/schema/audit.ts';
import { monthlyTargetUnits, monthlyVolumes } from '../../../src/db/schema/targets.ts';
import { users } from '../../../src/db/schema/users.ts';
import {
  bearer,
  createBranch,
  createBrand,
  createManager,
  createSupplier,
  createUser,
  tokenFor,
} from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * A branch manager ("Encargado de sucursal", docs/product.md#branch-managers) on people, their volumes and
 * units, and the branches they read: the sellers of their own branch only (404 for anyone else), never
 * another role (403 MSG.managersOnlySellers) nor another branch or none (403 MSG.otherBranch). And the
 * administrator's side of managers: they need a branch, the export and import name them "Encargado".
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

/** The manager's branch, another one, the manager, and people in and out of their scope. */
type Branch = Awaited<ReturnType<typeof createBranch>>;
let own: Branch;
let other: Branch;
let manager: { id: number; token: string };
/** A seller of the manager's branch: in scope. */
let mine: { id: number; email: string };
/** A seller of the other branch, a manager of the same branch, an administrator: out of scope. */
let theirs: { id: number; email: string };
let colleague: { id: number };

beforeEach(async () => {
  await ctx.reset();
  own = await createBranch(ctx.db, { name: 'Rosario Centro', city: 'Rosario' });
  other = await createBranch(ctx.db, { name: 'Mendoza Norte', city: 'Mendoza' });
  const m = await createManager(ctx.db, own.id);
  manager = { id: m.id, token: await tokenFor(ctx.db, m.id) };
  mine = await createUser(ctx.db, { branchId: own.id, name: 'Ana Propia' });
  theirs = await createUser(ctx.db, { branchId: other.id, name: 'Beto Ajeno' });
  colleague = await createManager(ctx.db, own.id);
});

const asManager = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object | string) =>
  ctx.app.inject({ method, url, payload, headers: bearer(manager.token) });

const ids = (res: { json(): { data: { id: number }[] } }) =>
  res
    .json()
    .data.map((u) => u.id)
    .sort();

const sellerBody = (tag: string, patch: object = {}) => ({
  name: 'Vendedora Nueva',
  email: `nueva.${tag}@empresa.com.ar`,
  password: 'clave-larga-segura-1',
  branch_id: own.id,
  ...patch,
});

describe('a branch manager reading people', () => {
  it('lists and exports only the sellers of their branch, whatever the filters', async () => {
    const list = await asManager('GET', '/api/users?per_page=100');
    expect(list.statusCode).toBe(200);
    expect(ids(list)).toEqual([mine.id]);
    expect(list.json().meta.total).toBe(1);
    expect(ids(await asManager('GET', `/api/users?branch_id=${other.id}`))).toEqual([]);
    expect(ids(await asManager('GET', '/api/users?role=branch_manager'))).toEqual([]);
    expect(ids(await asManager('GET', '/api/users?q=beto'))).toEqual([]);

    const csv = await asManager('GET', '/api/users/export');
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    expect(rows.slice(1).map((r) => r[1])).toEqual([mine.email]);
  });

  it('reads a seller of their branch, and finds nobody else (404)', async () => {
    for (const path of ['', '/activity', '/sessions']) {
      expect((await asManager('GET', `/api/users/${mine.id}${path}`)).statusCode, path).toBe(200);
      for (const id of [theirs.id, colleague.id, ctx.admin.id, ctx.seller.id, 999_999]) {
        const res = await asManager('GET', `/api/users/${id}${path}`);
        expect(res.statusCode, `${id}${path}`).toBe(404);
        expect(res.json()).toEqual({ message: MSG.userNotFound });
      }
    }
  });
});

describe('a branch manager managing people', () => {
  it('creates a seller of their branch, audited with their role and the branch', async () => {
    const res = await asManager('POST', '/api/users', sellerBody('a'));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ role: 'seller', branch_id: own.id });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'users'), eq(auditLog.action, 'create')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorId: manager.id, actorRole: 'branch_manager', branchId: own.id });
  });

  it.each([
    ['another branch', () => ({ branch_id: other.id }), MSG.otherBranch],
    ['no branch', () => ({ branch_id: null }), MSG.otherBranch],
    ['the branch left out', () => ({ branch_id: undefined }), MSG.otherBranch],
    ['an administrator', () => ({ role: 'admin', branch_id: null }), MSG.managersOnlySellers],
    ['a branch manager', () => ({ role: 'branch_manager' }), MSG.managersOnlySellers],
  ])('refuses to create %s (403)', async (_what, patch, message) => {
    const res = await asManager('POST', '/api/users', sellerBody('b', patch()));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message });
  });

  it('edits a seller of their branch, but not their role or branch, and nobody else', async () => {
    const ok = await asManager('PUT', `/api/users/${mine.id}`, { name: 'Ana Cambiada', active: false });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Ana Cambiada', active: false, branch_id: own.id });

    for (const [body, message] of [
      [{ branch_id: other.id }, MSG.otherBranch],
      [{ branch_id: null }, MSG.otherBranch],
      [{ role: 'branch_manager' }, MSG.managersOnlySellers],
      [{ role: 'admin' }, MSG.managersOnlySellers],
    ] as const) {
      const res = await asManager('PUT', `/api/users/${mine.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json()).toEqual({ message });
    }
    for (const id of [theirs.id, colleague.id, ctx.admin.id]) {
      const res = await asManager('PUT', `/api/users/${id}`, { name: 'Otro Nombre' });
      expect(res.statusCode).toBe(404);
    }
    // A stale If-Match on someone out of scope is still a 404: a 412 would tell them the person exists.
    const stale = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${theirs.id}`,
      payload: { name: 'Otro Nombre' },
      headers: { ...bearer(manager.token), 'if-match': '"999"' },
    });
    expect(stale.statusCode).toBe(404);
    const staleMine = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${mine.id}`,
      payload: { name: 'Otro Nombre' },
      headers: { ...bearer(manager.token), 'if-match': '"999"' },
    });
    expect(staleMine.statusCode).toBe(412);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, theirs.id));
    expect(row).toMatchObject({ name: 'Beto Ajeno', active: true });
  });

  it('resets the password and ends the sessions of their sellers only', async () => {
    const reset = await asManager('POST', `/api/users/${mine.id}/reset-password`, {});
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.generated_password).toEqual(expect.any(String));
    expect((await asManager('POST', `/api/users/${theirs.id}/reset-password`, {})).statusCode).toBe(404);

    await tokenFor(ctx.db, mine.id);
    const ended = await asManager('DELETE', `/api/users/${mine.id}/sessions`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data.ended).toBe(1);
    expect((await asManager('DELETE', `/api/users/${theirs.id}/sessions`)).statusCode).toBe(404);
    // The second factor's reset stays with administrators.
    expect((await asManager('POST', `/api/users/${mine.id}/mfa/reset`)).statusCode).toBe(403);
  });

  it('(de)activates in bulk only people in scope: an id out of it refuses the whole request (404)', async () => {
    const refused = await asManager('POST', '/api/users/bulk-active', {
      ids: [mine.id, theirs.id],
      active: false,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: MSG.userNotFound });
    const active = await ctx.db.select({ id: users.id, active: users.active }).from(users);
    expect(active.every((u) => u.active)).toBe(true);

    const ok = await asManager('POST', '/api/users/bulk-active', { ids: [mine.id], active: false });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ updated: 1 });
  });
});

describe('a branch manager importing people', () => {
  const importAs = (token: string, csv: string, dryRun = false) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/users/import${dryRun ? '?dry_run=1' : ''}`,
      payload: csv,
      headers: { ...bearer(token), 'content-type': 'text/csv' },
    });

  it('puts a row without a branch in theirs, and refuses rows of another branch or role', async () => {
    const csv = [
      'nombre;email;rol;sucursal',
      'Sin Sucursal;sin.sucursal@empresa.com.ar;;',
      'De La Suya;de.la.suya@empresa.com.ar;Vendedor;rosario centro',
      'De Otra;de.otra@empresa.com.ar;Vendedor;Mendoza Norte',
      'Jefa;jefa@empresa.com.ar;Administradora;',
      'Encargada;encargada@empresa.com.ar;Encargado;Rosario Centro',
    ].join('\n');
    const refused = await importAs(manager.token, csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(USER_MSG.importHasProblems(3));
    expect(refused.json().preview.rows.map((r: { branch_id: number; errors: string[] }) => r)).toMatchObject([
      { branch: own.name, branch_id: own.id, errors: [] },
      { branch_id: own.id, errors: [] },
      { branch_id: other.id, errors: [MSG.otherBranch] },
      { role: 'admin', errors: [MSG.managersOnlySellers] },
      { role: 'branch_manager', errors: [MSG.managersOnlySellers] },
    ]);
    expect(await ctx.db.select().from(users).where(eq(users.email, 'sin.sucursal@empresa.com.ar'))).toEqual(
      [],
    );

    const clean = await importAs(manager.token, csv.split('\n').slice(0, 3).join('\n'));
    expect(clean.statusCode).toBe(201);
    const created = await ctx.db.select().from(users).where(eq(users.branchId, own.id));
    expect(created.filter((u) => u.email.endsWith('@empresa.com.ar')).map((u) => u.role)).toEqual([
      'seller',
      'seller',
    ]);
  });

  it('lets an administrator import managers ("Encargado", "Encargado de sucursal") with their branch', async () => {
    const csv = [
      'nombre;email;rol;sucursal',
      'Encargada;encargada@empresa.com.ar;Encargada de sucursal;Rosario Centro',
      'Sin Sucursal;sin.sucursal@empresa.com.ar;Encargado;',
    ].join('\n');
    const preview = await importAs(ctx.admin.token, csv, true);
    expect(preview.json().data.rows).toMatchObject([
      { role: 'branch_manager', branch_id: own.id, errors: [] },
      { role: 'branch_manager', branch_id: null, errors: [MSG.managerBranchRequired] },
    ]);
    const res = await importAs(ctx.admin.token, csv.split('\n').slice(0, 2).join('\n'));
    expect(res.statusCode).toBe(201);
    const [made] = await ctx.db.select().from(users).where(eq(users.email, 'encargada@empresa.com.ar'));
    expect(made).toMatchObject({ role: 'branch_manager', branchId: own.id });
  });
});

describe('an administrator managing branch managers', () => {
  it('creates a manager only with a branch, and lists and exports them as "Encargado"', async () => {
    const body = { ...sellerBody('c'), role: 'branch_manager' };
    const without = await ctx.asAdmin('POST', '/api/users', { ...body, branch_id: null });
    expect(without.statusCode).toBe(400);
    expect(without.json().errors).toEqual({ branch_id: [MSG.managerBranchRequired] });
    const made = await ctx.asAdmin('POST', '/api/users', body);
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ role: 'branch_manager', branch_id: own.id });

    const list = await ctx.asAdmin('GET', '/api/users?role=branch_manager&per_page=100');
    expect(ids(list)).toEqual([manager.id, colleague.id, made.json().data.id].sort());
    const csv = await ctx.asAdmin('GET', '/api/users/export?role=branch_manager');
    const rows = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    expect(new Set(rows.slice(1).map((r) => r[2]))).toEqual(new Set(['Encargado']));
  });

  it('refuses a manager without a branch on edit, merging the record (400 on branch_id)', async () => {
    const toManager = await ctx.asAdmin('PUT', `/api/users/${ctx.seller.id}`, { role: 'branch_manager' });
    expect(toManager.statusCode).toBe(400);
    expect(toManager.json()).toEqual({
      message: MSG.managerBranchRequired,
      errors: { branch_id: [MSG.managerBranchRequired] },
    });
    const noBranch = await ctx.asAdmin('PUT', `/api/users/${colleague.id}`, { branch_id: null });
    expect(noBranch.statusCode).toBe(400);
    const promoted = await ctx.asAdmin('PUT', `/api/users/${mine.id}`, { role: 'branch_manager' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data).toMatchObject({ role: 'branch_manager', branch_id: own.id });
  });

  it("moves a manager to another branch: their open session sees the new one's sellers at once", async () => {
    expect(ids(await asManager('GET', '/api/users'))).toEqual([mine.id]);
    const moved = await ctx.asAdmin('PUT', `/api/users/${manager.id}`, { branch_id: other.id });
    expect(moved.statusCode).toBe(200);
    const me = await asManager('GET', '/api/me');
    expect(me.json().data).toMatchObject({ role: 'branch_manager', branch_id: other.id });
    expect(ids(await asManager('GET', '/api/users'))).toEqual([theirs.id]);

    // Made a seller: the panel closes for that session at once.
    await ctx.asAdmin('PUT', `/api/users/${manager.id}`, { role: 'seller' });
    expect((await asManager('GET', '/api/users')).statusCode).toBe(403);
  });
});

describe("a branch manager's volumes and units", () => {
  const volume = (userId: number) => ({ user_id: userId, year: 2026, month: 3, target_amount: 1500 });

  it('writes, lists and deletes the volumes of their sellers only', async () => {
    const ok = await asManager('POST', '/api/user/volume/upsert', volume(mine.id));
    expect(ok.statusCode).toBe(200);
    const elsewhere = await asManager('POST', '/api/user/volume/upsert', volume(theirs.id));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ message: MSG.userNotFound, errors: { user_id: [MSG.userNotFound] } });
    const yearOf = (userId: number) => ({
      user_id: userId,
      year: 2026,
      items: [{ month: 1, target_amount: 10 }],
    });
    expect((await asManager('POST', '/api/user/volume/bulk-upsert', yearOf(mine.id))).statusCode).toBe(200);
    expect((await asManager('POST', '/api/user/volume/bulk-upsert', yearOf(theirs.id))).statusCode).toBe(400);

    const [foreign] = await ctx.db
      .insert(monthlyVolumes)
      .values({ userId: theirs.id, year: 2026, month: 5, targetAmount: '99.00' })
      .returning();
    const list = await asManager('GET', '/api/user/volume?per_page=100');
    expect(list.json().data.map((v: { user_id: number }) => v.user_id)).toEqual([mine.id, mine.id]);
    expect((await asManager('GET', `/api/user/volume?user_id=${theirs.id}`)).json().data).toEqual([]);
    expect((await asManager('DELETE', `/api/user/volume/${foreign!.id}`)).statusCode).toBe(404);
    expect((await asManager('DELETE', `/api/user/volume/${ok.json().data.id}`)).statusCode).toBe(204);
    expect(await ctx.db.select().from(monthlyVolumes).where(eq(monthlyVolumes.id, foreign!.id))).toHaveLength(
      1,
    );
  });

  it('writes and lists the units of their sellers only', async () => {
    const supplier = await createSupplier(ctx.db);
    const brand = await createBrand(ctx.db);
    const units = (userId: number) => ({
      user_id: userId,
      supplier_id: supplier.id,
      brand_id: brand.id,
      year: 2026,
      items: [{ month: 2, units: 7 }],
    });
    expect((await asManager('POST', '/api/user/units/bulk-upsert', units(mine.id))).statusCode).toBe(200);
    const elsewhere = await asManager('POST', '/api/user/units/bulk-upsert', units(theirs.id));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors).toEqual({ user_id: [MSG.userNotFound] });
    await ctx.db.insert(monthlyTargetUnits).values({
      userId: theirs.id,
      supplierId: supplier.id,
      brandId: brand.id,
      year: 2026,
      month: 4,
      units: 3,
    });
    const list = await asManager('GET', '/api/user/units?per_page=200');
    expect(list.json().data.map((u: { user_id: number }) => u.user_id)).toEqual([mine.id]);
    expect((await ctx.asAdmin('GET', '/api/user/units?per_page=200')).json().data).toHaveLength(2);
  });
});

describe('a branch manager reading branches', () => {
  it('lists their own branch and its city only, finds no other (404), and writes none (403)', async () => {
    const list = await asManager('GET', '/api/branches?per_page=100');
    expect(list.statusCode).toBe(200);
    expect(ids(list)).toEqual([own.id]);
    expect(ids(await asManager('GET', '/api/branches?q=mendoza'))).toEqual([]);
    expect((await asManager('GET', `/api/branches/${own.id}`)).json().data.id).toBe(own.id);
    expect((await asManager('GET', '/api/branches/cities')).json().data).toEqual([own.city]);
    const elsewhere = await asManager('GET', `/api/branches/${other.id}`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: MSG.branchNotFound });
    expect((await asManager('POST', '/api/branches', { name: 'Nueva' })).statusCode).toBe(403);
    expect((await ctx.asAdmin('GET', '/api/branches?per_page=100')).json().data).toHaveLength(2);
  });
});
