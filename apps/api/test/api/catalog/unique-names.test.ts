import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOG_MSG, MSG } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client.ts';
import { queryRows } from '../../../src/db/client.ts';
import { migrationsDir } from '../../../src/lib/paths.ts';
import { bearer, createUser } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * Names of branches, suppliers and brands are unique whatever their case and accents (issue 28,
 * item 6; docs/product.md): a Spanish 409 naming the field on create and on rename, migration 0020
 * renames the duplicates it finds instead of failing, and the seller import, which finds a branch by
 * its name, reads back every exported seller. On PGlite and PostgreSQL.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

interface Kind {
  path: string;
  field: string;
  message: string;
  body(name: string, n: number): Record<string, unknown>;
}

const kinds: Record<string, Kind> = {
  branches: {
    path: '/api/branches',
    field: 'name',
    message: MSG.branchNameTaken,
    body: (name) => ({ name, city: 'Rosario' }),
  },
  suppliers: {
    path: '/api/suppliers',
    field: 'business_name',
    message: CATALOG_MSG.supplierNameTaken,
    body: (name, n) => ({ code: `PR${n}`, business_name: name }),
  },
  brands: {
    path: '/api/brands',
    field: 'name',
    message: CATALOG_MSG.brandNameTaken,
    body: (name, n) => ({ code: `BR${n}`, name }),
  },
};

describe.each(Object.entries(kinds))('%s', (_name, kind) => {
  it('refuses a name already taken, in another case or with other accents: 409 naming the field', async () => {
    const first = await ctx.asAdmin('POST', kind.path, kind.body('Casa Central Córdoba', 1));
    expect(first.statusCode, first.body).toBe(201);
    for (const [n, name] of [
      'Casa Central Córdoba',
      'casa central cordoba',
      'CASA CÉNTRAL CÓRDOBA',
    ].entries()) {
      const again = await ctx.asAdmin('POST', kind.path, kind.body(name, n + 2));
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toEqual({ message: kind.message, errors: { [kind.field]: [kind.message] } });
    }
    const list = await ctx.asAdmin('GET', `${kind.path}?per_page=100`);
    expect(list.json().meta.total).toBe(1);
  });

  it('refuses a rename into another record’s name, and lets a record change the case of its own', async () => {
    const taken = await ctx.asAdmin('POST', kind.path, kind.body('Norte', 1));
    const other = await ctx.asAdmin('POST', kind.path, kind.body('Sur', 2));
    expect(taken.statusCode).toBe(201);
    const id = other.json().data.id as number;
    const rename = await ctx.asAdmin('PUT', `${kind.path}/${id}`, kind.body('NÓRTE', 2));
    expect(rename.statusCode, rename.body).toBe(409);
    expect(rename.json()).toEqual({ message: kind.message, errors: { [kind.field]: [kind.message] } });
    expect((await ctx.asAdmin('GET', `${kind.path}/${id}`)).json().data[kind.field]).toBe('Sur');
    const own = await ctx.asAdmin('PUT', `${kind.path}/${id}`, kind.body('SUR', 2));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data[kind.field]).toBe('SUR');
  });
});

describe('the seller import', () => {
  it('reads back every exported seller of a branch whose name was sent twice', async () => {
    const created = await ctx.asAdmin('POST', '/api/branches', { name: 'Casa Central' });
    expect(created.statusCode).toBe(201);
    const twice = await ctx.asAdmin('POST', '/api/branches', { name: 'casa central' });
    expect(twice.statusCode).toBe(409);
    const branchId = created.json().data.id as number;
    for (const n of [1, 2, 3]) {
      await createUser(ctx.db, { email: `vendedora${n}@central.com.ar`, branchId });
    }
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/export?q=central.com.ar',
      headers: bearer(ctx.admin.token),
    });
    expect(exported.statusCode).toBe(200);
    await ctx.db.execute(sql`DELETE FROM users WHERE email LIKE '%@central.com.ar'`);
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/import',
      payload: exported.body,
      headers: { ...bearer(ctx.admin.token), 'content-type': 'text/csv' },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const rows = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM users WHERE email LIKE '%@central.com.ar' AND branch_id = ${branchId}`,
    );
    expect(rows[0]!.n).toBe(3);
  });
});

const MIGRATION = readFileSync(join(migrationsDir, '0020_folded_names_unique.sql'), 'utf8');

/** Runs one migration file's statements on this test's database, collecting the notices it raises. */
async function runMigrationFile(database: Database, text: string): Promise<string[]> {
  const notices: string[] = [];
  const statements = text.split('--> statement-breakpoint').filter((s) => s.trim());
  if (database.kind === 'pglite') {
    for (const statement of statements) {
      await database.client.exec(statement, { onNotice: (n) => notices.push(n.message ?? '') });
    }
    return notices;
  }
  const client = await database.pool.connect();
  const listen = (n: { message?: string }) => notices.push(n.message ?? '');
  client.on('notice', listen);
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    client.off('notice', listen);
    client.release();
  }
  return notices;
}

describe('migration 0020', () => {
  it('renames the duplicates it finds (the oldest keeps its name), says so, and never fails', async () => {
    for (const index of ['branches_name_key', 'suppliers_business_name_key', 'brands_name_key']) {
      await ctx.db.execute(sql`DROP INDEX ${sql.identifier(index)}`);
    }
    const long = `Sucursal ${'x'.repeat(111)}`; // 120 characters, the form's limit
    await ctx.db.execute(sql`INSERT INTO branches (name) VALUES
      ('Casa Central'), ('casa central'), ('Casa Céntral'), ('Casa Central (2)'), ('Norte'),
      (${long}), (${long.toUpperCase()})`);
    await ctx.db.execute(sql`INSERT INTO suppliers (code, business_name) VALUES
      ('P1', 'Química Andina S.A.'), ('P2', 'QUIMICA ANDINA S.A.')`);
    await ctx.db.execute(sql`INSERT INTO brands (code, name) VALUES ('B1', 'Brillex'), ('B2', 'brillex')`);

    const notices = await runMigrationFile(ctx.testDb.database, MIGRATION);

    const branches = await queryRows<{ name: string }>(ctx.db, sql`SELECT name FROM branches ORDER BY id`);
    expect(branches.map((b) => b.name)).toEqual([
      'Casa Central',
      'casa central (3)',
      'Casa Céntral (4)',
      'Casa Central (2)',
      'Norte',
      long,
      `${long.toUpperCase().slice(0, 116)} (2)`,
    ]);
    const suppliers = await queryRows<{ business_name: string }>(
      ctx.db,
      sql`SELECT business_name FROM suppliers ORDER BY id`,
    );
    expect(suppliers.map((s) => s.business_name)).toEqual(['Química Andina S.A.', 'QUIMICA ANDINA S.A. (2)']);
    const brands = await queryRows<{ name: string }>(ctx.db, sql`SELECT name FROM brands ORDER BY id`);
    expect(brands.map((b) => b.name)).toEqual(['Brillex', 'brillex (2)']);
    expect(notices).toHaveLength(5);
    expect(notices).toContain(
      `Marca ${await idOf('brands', 'brillex (2)')} «brillex» tenía un nombre repetido: ahora se llama «brillex (2)»`,
    );

    // The indexes are back: the next duplicate is refused.
    const again = await ctx.asAdmin('POST', '/api/branches', { name: 'NORTE' });
    expect(again.statusCode).toBe(409);
  });
});

async function idOf(table: string, name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    ctx.db,
    sql`SELECT id FROM ${sql.identifier(table)} WHERE name = ${name}`,
  );
  return Number(row!.id);
}
