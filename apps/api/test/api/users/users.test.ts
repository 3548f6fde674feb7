import { MSG, PASSWORD_MSG, URL_MSG, ZUser } from '@panel/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/users.ts';
import { verifyPassword } from '../../../src/services/auth/passwords.ts';
import { bearer, createBranch, createUser, TEST_PASSWORD, tokenFor } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

describe('POST /api/users', () => {
  it('creates a seller (201) with a lower-cased email, the branch name and a hashed password', async () => {
    const branch = await createBranch(ctx.db, { name: 'Córdoba Centro' });
    const res = await ctx.asAdmin('POST', '/api/users', {
      name: '  Lucía Fernández ',
      email: 'Lucia.Fernandez@Empresa.com.ar',
      password: 'segura-123',
      branch_id: branch.id,
    });
    expect(res.statusCode).toBe(201);
    const user = ZUser.parse(res.json().data);
    expect(user).toMatchObject({
      name: 'Lucía Fernández',
      email: 'lucia.fernandez@empresa.com.ar',
      role: 'seller',
      branch_id: branch.id,
      branch_name: 'Córdoba Centro',
      active: true,
      avatar_url: null,
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('segura-123', row!.passwordHash)).toBe(true);
  });

  it('answers 409 when the email is taken, whatever its case', async () => {
    const res = await ctx.asAdmin('POST', '/api/users', {
      name: 'Otro',
      email: ctx.seller.email.toUpperCase(),
      password: 'segura-123',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MSG.emailTaken });
  });

  it('validates fields with messages keyed by field', async () => {
    const res = await ctx.asAdmin('POST', '/api/users', {
      name: ' ',
      email: 'x',
      password: 'corta',
      role: 'jefe',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors.name).toEqual([MSG.nameRequired]);
    expect(body.errors.email).toEqual([MSG.emailInvalid]);
    expect(body.errors.password).toEqual([MSG.passwordTooShort]);
    expect(body.errors.role).toHaveLength(1);
    expect(body.message).toBe(MSG.nameRequired);
  });

  it('applies the password policy (10+ characters, not a common one) and takes only http(s) avatars', async () => {
    const base = { name: 'Ana Ruiz', email: 'ana.ruiz@empresa.com.ar' };
    const cases: [object, string, string][] = [
      [{ password: 'nueve1234' }, 'password', PASSWORD_MSG.tooShort],
      [{ password: 'qwertyuiop' }, 'password', PASSWORD_MSG.tooCommon],
      [{ password: 'x'.repeat(201) }, 'password', PASSWORD_MSG.tooLong],
      [{ password: TEST_PASSWORD, avatar_url: 'javascript:alert(1)' }, 'avatar_url', URL_MSG.httpOnly],
      [{ password: TEST_PASSWORD, avatar_url: '//malo.example/a.png' }, 'avatar_url', URL_MSG.httpOnly],
      [{ password: TEST_PASSWORD, avatar_url: 'data:image/svg+xml,<svg/>' }, 'avatar_url', URL_MSG.httpOnly],
      // Browsers drop tabs and line breaks from a URL: these are //malo.example (issue 20, item 14).
      [{ password: TEST_PASSWORD, avatar_url: '/\t/malo.example/a.png' }, 'avatar_url', URL_MSG.httpOnly],
      [{ password: TEST_PASSWORD, avatar_url: '/\n/malo.example/a.png' }, 'avatar_url', URL_MSG.httpOnly],
      [{ password: TEST_PASSWORD, avatar_url: '/\r\\malo.example/a.png' }, 'avatar_url', URL_MSG.httpOnly],
      [{ password: TEST_PASSWORD, avatar_url: '/api/files/\u0000a.png' }, 'avatar_url', URL_MSG.httpOnly],
    ];
    for (const [extra, field, message] of cases) {
      const res = await ctx.asAdmin('POST', '/api/users', { ...base, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().errors[field]).toEqual([message]);
    }
    const ok = await ctx.asAdmin('POST', '/api/users', {
      ...base,
      password: 'una-clave-propia',
      avatar_url: 'https://cdn.empresa.com.ar/ana.png',
    });
    expect(ok.statusCode).toBe(201);
    const edit = await ctx.asAdmin('PUT', `/api/users/${ok.json().data.id}`, {
      avatar_url: 'JavaScript:alert(1)',
    });
    expect(edit.statusCode).toBe(400);
    const reset = await ctx.asAdmin('POST', `/api/users/${ok.json().data.id}/reset-password`, {
      password: '1234567890',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().errors.password).toEqual([PASSWORD_MSG.tooCommon]);
  });

  it('refuses a branch that does not exist with 400 on branch_id', async () => {
    const res = await ctx.asAdmin('POST', '/api/users', {
      name: 'Ana',
      email: 'ana@prueba.test',
      password: 'segura-123',
      branch_id: 999_999,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.branchNotFound, errors: { branch_id: [MSG.branchNotFound] } });
  });
});

describe('GET /api/users', () => {
  it('pages, searches name and email ignoring accents, filters and sorts', async () => {
    const norte = await createBranch(ctx.db, { name: 'Norte' });
    await createUser(ctx.db, { name: 'Ramón Álvarez', email: 'ramon@prueba.test', branchId: norte.id });
    await createUser(ctx.db, { name: 'Zoe Díaz', email: 'zoe@prueba.test', active: false });
    await createUser(ctx.db, { name: 'Ana Ruiz', email: 'ana.ruiz@otra.test', role: 'admin' });

    const all = (await ctx.asAdmin('GET', '/api/users?per_page=2&page=2&sort=name')).json();
    expect(all.meta).toEqual({ page: 2, per_page: 2, total: 5, last_page: 3 });

    const byAccent = (await ctx.asAdmin('GET', '/api/users?q=ALVAREZ')).json();
    expect(byAccent.data.map((u: { name: string }) => u.name)).toEqual(['Ramón Álvarez']);
    expect(byAccent.data[0].branch_name).toBe('Norte');

    const byEmail = (await ctx.asAdmin('GET', '/api/users?q=otra.test')).json();
    expect(byEmail.data.map((u: { name: string }) => u.name)).toEqual(['Ana Ruiz']);

    const inactive = (await ctx.asAdmin('GET', '/api/users?active=false')).json();
    expect(inactive.data.map((u: { name: string }) => u.name)).toEqual(['Zoe Díaz']);

    const admins = (await ctx.asAdmin('GET', '/api/users?role=admin&sort=-name')).json();
    expect(admins.data.every((u: { role: string }) => u.role === 'admin')).toBe(true);
    expect(admins.meta.total).toBe(2);

    const inBranch = (await ctx.asAdmin('GET', `/api/users?branch_id=${norte.id}`)).json();
    expect(inBranch.meta.total).toBe(1);

    const names = (await ctx.asAdmin('GET', '/api/users?per_page=100&sort=name'))
      .json()
      .data.map((u: { name: string }) => u.name);
    const expected = [...names].sort((a: string, b: string) =>
      a
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .localeCompare(b.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()),
    );
    expect(names).toEqual(expected);
  });

  it('rejects an unknown sort with 400', async () => {
    const res = await ctx.asAdmin('GET', '/api/users?sort=password_hash');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['sort']);
    expect(res.json().message).toMatch(/^El campo "sort": /);
  });
});

describe('GET/PUT /api/users/{id}', () => {
  it('returns one user, and 404 with a Spanish message when missing', async () => {
    expect((await ctx.asAdmin('GET', `/api/users/${ctx.seller.id}`)).json().data.id).toBe(ctx.seller.id);
    const missing = await ctx.asAdmin('GET', '/api/users/424242');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: MSG.userNotFound });
  });

  it('updates only the fields sent and keeps the password when none is sent', async () => {
    const res = await ctx.asAdmin('PUT', `/api/users/${ctx.seller.id}`, { name: 'Nombre Nuevo' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Nombre Nuevo', email: ctx.seller.email });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: ctx.seller.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(ctx.seller.token) });
    expect(me.statusCode).toBe(200);
  });

  it("changing a password ends that user's sessions", async () => {
    const res = await ctx.asAdmin('PUT', `/api/users/${ctx.seller.id}`, { password: 'nueva-clave-1' });
    expect(res.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(ctx.seller.token) });
    expect(me.statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: ctx.seller.email, password: 'nueva-clave-1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('an admin changing their own password keeps the current session and ends the others', async () => {
    const otherSession = await tokenFor(ctx.db, ctx.admin.id);
    const res = await ctx.asAdmin('PUT', `/api/users/${ctx.admin.id}`, { password: 'nueva-clave-1' });
    expect(res.statusCode).toBe(200);
    expect((await ctx.asAdmin('GET', '/api/me')).statusCode).toBe(200);
    const other = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(otherSession) });
    expect(other.statusCode).toBe(401);
  });

  it('deactivating a user ends their sessions', async () => {
    const res = await ctx.asAdmin('PUT', `/api/users/${ctx.seller.id}`, { active: false });
    expect(res.json().data.active).toBe(false);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(ctx.seller.token) });
    expect(me.statusCode).toBe(401);
  });

  it('an admin cannot deactivate or demote themself (409)', async () => {
    for (const payload of [{ active: false }, { role: 'seller' }]) {
      const res = await ctx.asAdmin('PUT', `/api/users/${ctx.admin.id}`, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: MSG.cannotDeactivateSelf });
    }
  });

  it('answers 409 when changing to an email another user has, and accepts its own email', async () => {
    const taken = await ctx.asAdmin('PUT', `/api/users/${ctx.seller.id}`, { email: ctx.admin.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: MSG.emailTaken });
    const same = await ctx.asAdmin('PUT', `/api/users/${ctx.seller.id}`, {
      email: ctx.seller.email.toUpperCase(),
    });
    expect(same.statusCode).toBe(200);
  });

  it('moves a user between branches and clears the branch with null', async () => {
    const branch = await createBranch(ctx.db, { name: 'Sur' });
    const moved = await ctx.asAdmin('PUT', `/api/users/${ctx.seller.id}`, { branch_id: branch.id });
    expect(moved.json().data).toMatchObject({ branch_id: branch.id, branch_name: 'Sur' });
    const cleared = await ctx.asAdmin('PUT', `/api/users/${ctx.seller.id}`, { branch_id: null });
    expect(cleared.json().data).toMatchObject({ branch_id: null, branch_name: null });
  });

  it('answers 404 for a missing user', async () => {
    const res = await ctx.asAdmin('PUT', '/api/users/424242', { name: 'X' });
    expect(res.statusCode).toBe(404);
  });
});
