import { MSG, ZBranch } from '@panel/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { branches } from '../../../src/db/schema/branches.ts';
import { notifications, notificationTypes } from '../../../src/db/schema/notifications.ts';
import { stories } from '../../../src/db/schema/stories.ts';
import { surveys } from '../../../src/db/schema/surveys.ts';
import { users } from '../../../src/db/schema/users.ts';
import { createSecretBox } from '../../../src/lib/secret-box.ts';
import { createBranch, createEvent, createPost, createUser } from '../../../src/testing/factories.ts';
import { createTestContext, TEST_APP_SECRET, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

const names = (body: { data: { name: string }[] }) => body.data.map((b) => b.name);

async function rawConnectionString(id: number) {
  const [row] = await ctx.db
    .select({ enc: branches.connectionStringEnc })
    .from(branches)
    .where(eq(branches.id, id));
  return row!.enc;
}

describe('POST /api/branches', () => {
  it('creates a branch (201), trimming text and turning empty optional text into null', async () => {
    const res = await ctx.asAdmin('POST', '/api/branches', {
      name: '  Rosario Norte  ',
      city: '  ',
      address: ' Bv. Oroño 1650 ',
    });
    expect(res.statusCode).toBe(201);
    const branch = ZBranch.parse(res.json().data);
    expect(branch).toMatchObject({
      name: 'Rosario Norte',
      city: null,
      address: 'Bv. Oroño 1650',
      has_connection_string: false,
    });
  });

  it('requires a name: "El nombre es obligatorio"', async () => {
    for (const payload of [{}, { name: '   ' }]) {
      const res = await ctx.asAdmin('POST', '/api/branches', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MSG.nameRequired, errors: { name: [MSG.nameRequired] } });
    }
  });

  it('encrypts the connection string at rest and never returns it', async () => {
    const secret = 'postgres://ventas:clave-super-secreta@10.0.0.5/sucursal';
    const res = await ctx.asAdmin('POST', '/api/branches', { name: 'Mendoza', connection_string: secret });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('clave-super-secreta');
    expect(res.json().data).not.toHaveProperty('connection_string');
    expect(res.json().data.has_connection_string).toBe(true);

    const stored = await rawConnectionString(res.json().data.id);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('clave-super-secreta');
    expect(createSecretBox(TEST_APP_SECRET).decrypt(stored!)).toBe(secret);

    for (const url of [`/api/branches/${res.json().data.id}`, '/api/branches']) {
      expect((await ctx.asAdmin('GET', url)).body).not.toContain('clave-super-secreta');
    }
  });
});

describe('PUT /api/branches/{id}', () => {
  it('keeps the connection string when absent, removes it with null or "", replaces it otherwise', async () => {
    const { id } = (
      await ctx.asAdmin('POST', '/api/branches', { name: 'Salta', connection_string: 'uno' })
    ).json().data;
    const first = await rawConnectionString(id);

    const kept = await ctx.asAdmin('PUT', `/api/branches/${id}`, { name: 'Salta Centro' });
    expect(kept.json().data).toMatchObject({ name: 'Salta Centro', has_connection_string: true });
    expect(await rawConnectionString(id)).toBe(first);

    await ctx.asAdmin('PUT', `/api/branches/${id}`, { name: 'Salta', connection_string: 'dos' });
    const replaced = await rawConnectionString(id);
    expect(replaced).not.toBe(first);
    expect(createSecretBox(TEST_APP_SECRET).decrypt(replaced!)).toBe('dos');

    for (const removal of [null, '']) {
      await ctx.asAdmin('PUT', `/api/branches/${id}`, { name: 'Salta', connection_string: 'tres' });
      const res = await ctx.asAdmin('PUT', `/api/branches/${id}`, {
        name: 'Salta',
        connection_string: removal,
      });
      expect(res.json().data.has_connection_string).toBe(false);
      expect(await rawConnectionString(id)).toBeNull();
    }
  });

  it('updates updated_at and answers 404 for a missing branch', async () => {
    const branch = await createBranch(ctx.db);
    const res = await ctx.asAdmin('PUT', `/api/branches/${branch.id}`, { name: 'Nueva' });
    expect(new Date(res.json().data.updated_at).getTime()).toBeGreaterThanOrEqual(branch.updatedAt.getTime());
    const missing = await ctx.asAdmin('PUT', '/api/branches/999999', { name: 'Nueva' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: MSG.branchNotFound });
  });
});

describe('GET /api/branches', () => {
  beforeEach(async () => {
    await createBranch(ctx.db, { name: 'Córdoba Centro', city: 'Córdoba', address: 'Av. Colón 845' });
    await createBranch(ctx.db, { name: 'Alta Córdoba', city: 'Córdoba', address: 'Jujuy 2100' });
    await createBranch(ctx.db, { name: 'Rosario', city: 'Rosario', address: 'Bv. Oroño 1650' });
    await createBranch(ctx.db, { name: 'Ñuñoa', city: null, address: null });
    await createBranch(ctx.db, { name: 'Mendoza', city: 'Mendoza', address: 'Av. San Martín 1020' });
    await createBranch(ctx.db, { name: 'Bahía Blanca', city: 'Bahía Blanca', address: 'Colón 50' });
  });

  it('pages with the default of 5 and reports meta', async () => {
    const first = (await ctx.asAdmin('GET', '/api/branches')).json();
    expect(first.data).toHaveLength(5);
    expect(first.meta).toEqual({ page: 1, per_page: 5, total: 6, last_page: 2 });
    const second = (await ctx.asAdmin('GET', '/api/branches?page=2')).json();
    expect(second.data).toHaveLength(1);
    const beyond = (await ctx.asAdmin('GET', '/api/branches?page=9')).json();
    expect(beyond).toEqual({ data: [], meta: { page: 9, per_page: 5, total: 6, last_page: 2 } });
  });

  it('sorts by name by default, ignoring case and accents, and by any allowed column both ways', async () => {
    expect(names((await ctx.asAdmin('GET', '/api/branches?per_page=10')).json())).toEqual([
      'Alta Córdoba',
      'Bahía Blanca',
      'Córdoba Centro',
      'Mendoza',
      'Ñuñoa',
      'Rosario',
    ]);
    expect(names((await ctx.asAdmin('GET', '/api/branches?per_page=10&sort=-name')).json())[0]).toBe(
      'Rosario',
    );
    const byCity = names((await ctx.asAdmin('GET', '/api/branches?per_page=10&sort=city')).json());
    expect(byCity.slice(0, 3)).toEqual(['Bahía Blanca', 'Alta Córdoba', 'Córdoba Centro']);
    expect(byCity.at(-1)).toBe('Ñuñoa');
    const byCityDesc = names((await ctx.asAdmin('GET', '/api/branches?per_page=10&sort=-city')).json());
    expect(byCityDesc[0]).toBe('Rosario');
    expect(byCityDesc.at(-1)).toBe('Ñuñoa');
    const byCreated = names((await ctx.asAdmin('GET', '/api/branches?per_page=10&sort=-created_at')).json());
    expect(byCreated[0]).toBe('Bahía Blanca');
  });

  it('searches name, city and address ignoring case and accents, and treats % and _ literally', async () => {
    expect(names((await ctx.asAdmin('GET', '/api/branches?q=CORDOBA')).json())).toEqual([
      'Alta Córdoba',
      'Córdoba Centro',
    ]);
    expect(names((await ctx.asAdmin('GET', '/api/branches?q=oroño')).json())).toEqual(['Rosario']);
    expect(names((await ctx.asAdmin('GET', '/api/branches?q=colon')).json())).toEqual([
      'Bahía Blanca',
      'Córdoba Centro',
    ]);
    expect(names((await ctx.asAdmin('GET', '/api/branches?q=%25')).json())).toEqual([]);
    expect(names((await ctx.asAdmin('GET', '/api/branches?q=_')).json())).toEqual([]);
    expect((await ctx.asAdmin('GET', '/api/branches?q=%20%20')).json().meta.total).toBe(6);
  });

  it('filters by city, trimmed', async () => {
    const res = (await ctx.asAdmin('GET', '/api/branches?city=%20C%C3%B3rdoba%20')).json();
    expect(names(res)).toEqual(['Alta Córdoba', 'Córdoba Centro']);
    expect(res.meta.total).toBe(2);
  });

  it('rejects bad paging and sorting with 400 and field errors', async () => {
    const res = await ctx.asAdmin('GET', '/api/branches?per_page=101&page=0&sort=connection_string');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['page', 'per_page', 'sort']);
  });

  it('GET /api/branches/cities lists distinct cities sorted, without nulls', async () => {
    const res = await ctx.asAdmin('GET', '/api/branches/cities');
    expect(res.json()).toEqual({ data: ['Bahía Blanca', 'Córdoba', 'Mendoza', 'Rosario'] });
  });
});

describe('GET /api/branches/{id}', () => {
  it('returns one branch or 404', async () => {
    const branch = await createBranch(ctx.db, { name: 'La Plata' });
    expect((await ctx.asAdmin('GET', `/api/branches/${branch.id}`)).json().data.name).toBe('La Plata');
    const missing = await ctx.asAdmin('GET', '/api/branches/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: MSG.branchNotFound });
    expect((await ctx.asAdmin('GET', '/api/branches/abc')).statusCode).toBe(400);
  });
});

describe('DELETE /api/branches/{id}', () => {
  it('deletes an unused branch (204), then 404', async () => {
    const branch = await createBranch(ctx.db);
    const res = await ctx.asAdmin('DELETE', `/api/branches/${branch.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await ctx.asAdmin('DELETE', `/api/branches/${branch.id}`)).statusCode).toBe(404);
  });

  const references: [string, (branchId: number) => Promise<unknown>][] = [
    ['a seller', (branchId) => createUser(ctx.db, { branchId })],
    ['a post', (branchId) => createPost(ctx.db, ctx.seller.id, { branchId })],
    ['an event', (branchId) => createEvent(ctx.db, new Date(), { branchId })],
    [
      'a story',
      (branchId) =>
        ctx.db.insert(stories).values({ title: 'H', imageKey: 'k', createdBy: ctx.admin.id, branchId }),
    ],
    [
      'a notification',
      async (branchId) => {
        const [type] = await ctx.db.insert(notificationTypes).values({ name: 'General' }).returning();
        await ctx.db
          .insert(notifications)
          .values({ notificationTypeId: type!.id, branchId, title: 'T', message: 'M' });
      },
    ],
    ['a survey', (branchId) => ctx.db.insert(surveys).values({ title: 'E', branchId })],
  ];
  for (const [what, attach] of references) {
    it(`refuses with 409 while ${what} points to it`, async () => {
      const branch = await createBranch(ctx.db);
      await attach(branch.id);
      const res = await ctx.asAdmin('DELETE', `/api/branches/${branch.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: MSG.branchInUse });
      expect((await ctx.asAdmin('GET', `/api/branches/${branch.id}`)).statusCode).toBe(200);
    });
  }

  it('has a RESTRICT foreign key as a backstop', async () => {
    const branch = await createBranch(ctx.db);
    await ctx.db.update(users).set({ branchId: branch.id }).where(eq(users.id, ctx.seller.id));
    await expect(ctx.db.delete(branches).where(eq(branches.id, branch.id))).rejects.toThrow();
  });
});
