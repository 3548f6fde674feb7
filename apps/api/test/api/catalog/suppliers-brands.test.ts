import { CATALOG_MSG, ZBrand, ZSupplier } from '@panel/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { monthlyTargetUnits } from '../../../src/db/schema/targets.ts';
import { bearer, createBrand, createSupplier } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

const as = (token: string) => (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: bearer(token) });

// Suppliers and brands share their routes; each case runs for both.
const resources = [
  {
    path: '/api/suppliers',
    desc: 'business_name',
    schema: ZSupplier,
    what: 'proveedor',
    inUse: CATALOG_MSG.supplierInUse,
    notFound: CATALOG_MSG.supplierNotFound,
    taken: (c: string) => `Ya existe un proveedor con el código ${c}`,
  },
  {
    path: '/api/brands',
    desc: 'name',
    schema: ZBrand,
    what: 'marca',
    inUse: CATALOG_MSG.brandInUse,
    notFound: CATALOG_MSG.brandNotFound,
    taken: (c: string) => `Ya existe una marca con el código ${c}`,
  },
] as const;

describe.each(resources)('$path', (r) => {
  const body = (code: string, description: string) => ({ code, [r.desc]: description });

  it('creates (201) with the code trimmed and upper-cased and the description trimmed', async () => {
    const res = await ctx.asAdmin('POST', r.path, body('  br001 ', '  Química del Sur S.A. '));
    expect(res.statusCode).toBe(201);
    const item = r.schema.parse(res.json().data);
    expect(item).toMatchObject({ code: 'BR001', [r.desc]: 'Química del Sur S.A.' });
    const again = await ctx.asAdmin('GET', `${r.path}/${item.id}`);
    expect(again.json().data).toEqual(res.json().data);
  });

  it('requires the code: "El código es obligatorio"', async () => {
    for (const code of [undefined, '', '   ']) {
      const res = await ctx.asAdmin('POST', r.path, { code, [r.desc]: 'Algo' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: CATALOG_MSG.codeRequired,
        errors: { code: [CATALOG_MSG.codeRequired] },
      });
    }
  });

  it('requires the description: "La descripción / razón social es obligatoria"', async () => {
    const res = await ctx.asAdmin('POST', r.path, { code: 'X1', [r.desc]: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: CATALOG_MSG.descriptionRequired,
      errors: { [r.desc]: [CATALOG_MSG.descriptionRequired] },
    });
  });

  it('refuses a duplicate code (409 naming it), also when it differs only in case and spaces', async () => {
    await ctx.asAdmin('POST', r.path, body('BR001', 'Primero'));
    const res = await ctx.asAdmin('POST', r.path, body(' br001', 'Segundo'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: r.taken('BR001') });
    const other = (await ctx.asAdmin('POST', r.path, body('BR002', 'Otro'))).json().data;
    const update = await ctx.asAdmin('PUT', `${r.path}/${other.id}`, body('br001', 'Otro'));
    expect(update.statusCode).toBe(409);
    expect(update.json()).toEqual({ message: r.taken('BR001') });
  });

  it('updates (200) and answers 404 for a missing record', async () => {
    const created = (await ctx.asAdmin('POST', r.path, body('A1', 'Uno'))).json().data;
    const res = await ctx.asAdmin('PUT', `${r.path}/${created.id}`, body('a2', 'Dos'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: created.id, code: 'A2', [r.desc]: 'Dos' });
    const same = await ctx.asAdmin('PUT', `${r.path}/${created.id}`, body('A2', 'Dos bis'));
    expect(same.statusCode).toBe(200);
    const missing = await ctx.asAdmin('PUT', `${r.path}/999999`, body('Z9', 'Nada'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: r.notFound });
    expect((await ctx.asAdmin('GET', `${r.path}/999999`)).statusCode).toBe(404);
  });

  it('pages, searches code and description ignoring case and accents, and sorts', async () => {
    const rows = [
      ['LIM01', 'Limpiadores Córdoba'],
      ['DET02', 'Detergentes del Litoral'],
      ['AROMA', 'Aromatizantes Ñandú'],
      ['CLOR4', 'Cloros Patagónicos'],
      ['QUIM5', 'Química Andina'],
      ['DESIN', 'Desinfectantes Pampa'],
    ];
    for (const [code, d] of rows) await ctx.asAdmin('POST', r.path, body(code!, d!));

    const first = (await ctx.asAdmin('GET', r.path)).json();
    expect(first.meta).toEqual({ page: 1, per_page: 5, total: 6, last_page: 2 });
    expect(first.data.map((x: Record<string, string>) => x[r.desc])).toEqual([
      'Aromatizantes Ñandú',
      'Cloros Patagónicos',
      'Desinfectantes Pampa',
      'Detergentes del Litoral',
      'Limpiadores Córdoba',
    ]);
    const search = async (q: string) =>
      (await ctx.asAdmin('GET', `${r.path}?q=${encodeURIComponent(q)}`))
        .json()
        .data.map((x: { code: string }) => x.code);
    expect(await search('cordoba')).toEqual(['LIM01']);
    expect(await search('nandu')).toEqual(['AROMA']);
    expect(await search('quim')).toEqual(['QUIM5']);
    expect(await search('det0')).toEqual(['DET02']);
    expect(await search('%')).toEqual([]);
    const byCode = (await ctx.asAdmin('GET', `${r.path}?sort=-code&per_page=10`)).json().data;
    expect(byCode.map((x: { code: string }) => x.code)).toEqual([
      'QUIM5',
      'LIM01',
      'DET02',
      'DESIN',
      'CLOR4',
      'AROMA',
    ]);
    expect((await ctx.asAdmin('GET', `${r.path}?sort=password`)).statusCode).toBe(400);
  });

  it('deletes (204), 404 when missing, and 409 while target units still use it', async () => {
    const created = (await ctx.asAdmin('POST', r.path, body('DEL1', 'Borrable'))).json().data;
    expect((await ctx.asAdmin('DELETE', `${r.path}/${created.id}`)).statusCode).toBe(204);
    expect((await ctx.asAdmin('DELETE', `${r.path}/${created.id}`)).json()).toEqual({ message: r.notFound });

    const supplier = await createSupplier(ctx.db);
    const brand = await createBrand(ctx.db);
    await ctx.db.insert(monthlyTargetUnits).values({
      userId: ctx.seller.id,
      supplierId: supplier.id,
      brandId: brand.id,
      year: 2026,
      month: 1,
      units: 10,
    });
    const usedId = r.path === '/api/suppliers' ? supplier.id : brand.id;
    const res = await ctx.asAdmin('DELETE', `${r.path}/${usedId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: r.inUse });
    expect((await ctx.asAdmin('GET', `${r.path}/${usedId}`)).statusCode).toBe(200);
  });

  it('is for admins only: 401 anonymous, 403 seller', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: r.path })).statusCode).toBe(401);
    expect((await as(ctx.seller.token)('GET', r.path)).statusCode).toBe(403);
    expect((await as(ctx.seller.token)('POST', r.path, body('S1', 'x'))).statusCode).toBe(403);
  });
});
