import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, MSG, PASSWORD_MSG, USER_MSG } from '@panel/shared';
import { parse } from 'csv-parse/sync';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/users.ts';
import {
  DEFAULT_SCRYPT_PARAMS,
  setScryptParams,
  verifyPassword,
} from '../../../src/services/auth/passwords.ts';
import { EXPORT_BATCH } from '../../../src/services/users/export.ts';
import { bearer, createBranch, createUser } from '../../../src/testing/factories.ts';
import { createTestContext, TEST_SCRYPT_PARAMS, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

/** `csv` as the file's bytes when a Buffer (another encoding than UTF-8). */
const importCsv = (csv: string | Buffer, dryRun = false, contentType = 'text/csv') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/users/import${dryRun ? '?dry_run=1' : ''}`,
    payload: csv,
    headers: { ...bearer(ctx.admin.token), 'content-type': contentType },
  });
const exportCsv = (query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/users/export${query}`, headers: bearer(ctx.admin.token) });
const listAll = async (query = '') =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/users?per_page=100${query}`,
      headers: bearer(ctx.admin.token),
    })
  ).json().data as { name: string; email: string }[];
const userCount = async () => (await ctx.db.select({ n: count() }).from(users))[0]!.n;

/** The exported rows (header first), read back the way a spreadsheet would. */
function readExport(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body, { bom: true, delimiter: ';' }) as string[][];
}

describe('POST /api/users/import', () => {
  it('previews every row with its problems in Spanish, and writes nothing', async () => {
    await createBranch(ctx.db, { name: 'Córdoba Centro' });
    const csv = [
      'nombre;email;rol;sucursal',
      'Lucía Fernández;lucia@empresa.com.ar;Vendedor;cordoba centro',
      ';sin.nombre@empresa.com.ar;;',
      'Mal Email;no-es-un-email;;',
      'Repetida;LUCIA@empresa.com.ar;;',
      `Ya Existe;${ctx.seller.email};;`,
      'Sin Sucursal;sin.sucursal@empresa.com.ar;;Atlántida',
      'Rol Raro;rol.raro@empresa.com.ar;jefe;',
      'Clave Corta;clave@empresa.com.ar;;;',
    ].join('\n');
    const before = await userCount();
    const res = await importCsv(csv, true);
    expect(res.statusCode).toBe(200);
    const preview = res.json().data;
    expect(preview.total).toBe(8);
    expect(preview.error_count).toBe(6);
    const byLine = Object.fromEntries(
      preview.rows.map((r: { line: number; errors: string[] }) => [r.line, r.errors]),
    );
    expect(byLine).toEqual({
      2: [],
      3: [USER_MSG.rowNameRequired],
      4: [USER_MSG.rowEmailInvalid],
      5: [USER_MSG.rowEmailRepeated(2)],
      6: [USER_MSG.rowEmailExists],
      7: [USER_MSG.rowBranchUnknown('Atlántida')],
      8: [USER_MSG.rowRoleInvalid('jefe')],
      9: [],
    });
    expect(preview.rows[0]).toMatchObject({ role: 'seller', branch: 'cordoba centro', has_password: false });
    expect(preview.rows[0].branch_id).toBeTypeOf('number');
    expect(await userCount()).toBe(before);
  });

  it('refuses the whole file (400) when any row has a problem, with the preview, and writes none', async () => {
    const csv = 'name,email\nAna Ruiz,ana.ruiz@empresa.com.ar\nSin Email,\n';
    const before = await userCount();
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(USER_MSG.importHasProblems(1));
    expect(res.json().preview.rows[1].errors).toEqual([USER_MSG.rowEmailInvalid]);
    expect(await userCount()).toBe(before);
  });

  it('answers 409 when the only problem is an email that already exists', async () => {
    const res = await importCsv(`name,email\nOtro,${ctx.seller.email.toUpperCase()}\n`);
    expect(res.statusCode).toBe(409);
    expect(res.json().preview.rows[0].errors).toEqual([USER_MSG.rowEmailExists]);
  });

  it('creates every row in one go, with generated passwords returned once and stored hashed', async () => {
    const norte = await createBranch(ctx.db, { name: 'Norte' });
    const rows = Array.from(
      { length: 20 },
      (_, i) => `Vendedor ${i + 1},vendedor${i + 1}@empresa.com.ar,,Norte,`,
    );
    const csv = [
      'Nombre,Correo,Rol,Sucursal,Contraseña',
      ...rows,
      'Jefa Uno,jefa@empresa.com.ar,Administradora,,clave-propia-1',
    ].join('\r\n');
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(201);
    const result = res.json().data;
    expect(result.created).toBe(21);
    expect(result.credentials).toHaveLength(20);
    expect(result.credentials[0]).toEqual({
      name: 'Vendedor 1',
      email: 'vendedor1@empresa.com.ar',
      password: expect.stringMatching(/^[A-Za-z2-9]{14}$/),
    });
    const [first] = await ctx.db.select().from(users).where(eq(users.email, 'vendedor1@empresa.com.ar'));
    expect(first).toMatchObject({ name: 'Vendedor 1', role: 'seller', branchId: norte.id, active: true });
    expect(first!.passwordHash).not.toContain(result.credentials[0].password);
    expect(await verifyPassword(result.credentials[0].password, first!.passwordHash)).toBe(true);
    const [boss] = await ctx.db.select().from(users).where(eq(users.email, 'jefa@empresa.com.ar'));
    expect(boss!.role).toBe('admin');
    expect(await verifyPassword('clave-propia-1', boss!.passwordHash)).toBe(true);

    const again = await importCsv(csv);
    expect(again.statusCode).toBe(409);
    expect(again.json().preview.error_count).toBe(21);
  });

  it('hashes before its transaction opens, so other calls read the database meanwhile', async () => {
    // At the real cost (about 0.3 s a hash) twelve rows take seconds. Inside the audited
    // transaction they held the embedded database's one connection, and every other call waited.
    setScryptParams(DEFAULT_SCRYPT_PARAMS);
    try {
      const csv = [
        'nombre,email',
        ...Array.from({ length: 12 }, (_, i) => `Lento ${i},lento${i}@empresa.com.ar`),
      ];
      const done: string[] = [];
      const importing = importCsv(csv.join('\n')).then((res) => {
        done.push('import');
        return res;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const reading = listAll().then(() => done.push('list'));
      const [res] = await Promise.all([importing, reading]);
      expect(res.statusCode).toBe(201);
      expect(done).toEqual(['list', 'import']);
    } finally {
      setScryptParams(TEST_SCRYPT_PARAMS);
    }
  });

  it('reads a quoted name with the separator inside and skips blank lines', async () => {
    const res = await importCsv('email;name\n\n"ana@empresa.com.ar";"Ruiz; Ana"\n;\n', true);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.rows).toMatchObject([
      { name: 'Ruiz; Ana', email: 'ana@empresa.com.ar', errors: [] },
    ]);
  });

  it('checks a given password against the policy, with the right message for each problem', async () => {
    const long = 'x'.repeat(201);
    const res = await importCsv(
      `name,email,password\nAna,ana@empresa.com.ar,corta\nBea,bea@empresa.com.ar,larga-1234\nCele,cele@empresa.com.ar,${long}\nDani,dani@empresa.com.ar,1234567890\n`,
      true,
    );
    expect(res.json().data.rows.map((r: { errors: string[] }) => r.errors)).toEqual([
      [PASSWORD_MSG.tooShort],
      [],
      [PASSWORD_MSG.tooLong],
      [PASSWORD_MSG.tooCommon],
    ]);
    expect(res.json().data.rows[1].has_password).toBe(true);
    expect(res.body).not.toContain('larga-1234');
  });

  it('reports a NUL byte at the dry run, with its row, and the import writes nothing', async () => {
    const csv = 'nombre;email\nAna;ana@empresa.com.ar\nBe\u0000a;bea@empresa.com.ar\n';
    const preview = (await importCsv(csv, true)).json().data;
    expect(preview.rows[1]).toMatchObject({ line: 3, errors: [USER_MSG.rowInvalidCharacters] });
    expect(preview.rows[0].errors).toEqual([]);
    const before = await userCount();
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().preview.rows[1].line).toBe(3);
    expect(await userCount()).toBe(before);
  });

  it('reads a Latin-1 (Windows-1252) file as Excel saves it, and refuses UTF-16 clearly', async () => {
    await createBranch(ctx.db, { name: 'Córdoba' });
    const latin1 = Buffer.from('nombre;email;sucursal\nLucía Muñoz;lucia@empresa.com.ar;Córdoba\n', 'latin1');
    const res = await importCsv(latin1, true);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.rows).toMatchObject([{ name: 'Lucía Muñoz', branch: 'Córdoba', errors: [] }]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('nombre;email\n', 'utf16le')]);
    const refused = await importCsv(utf16, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(USER_MSG.importUtf16);
  });

  it('refuses files it cannot use with a clear 400', async () => {
    const cases: [string, string][] = [
      ['', USER_MSG.importEmpty],
      ['nombre;email\n', USER_MSG.importEmpty],
      ['nombre;telefono\nAna;123\n', USER_MSG.importMissingColumns],
      ['nombre,email\n"Ana,ana@x.com\n', `${USER_MSG.importUnreadable} (fila 2)`],
      [
        `nombre,email\n${Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `P${i},p${i}@x.com`).join('\n')}`,
        USER_MSG.importTooManyRows,
      ],
    ];
    for (const [csv, message] of cases) {
      const res = await importCsv(csv, true);
      expect(res.statusCode, csv.slice(0, 30)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('refuses a JSON body and a file over the size limit', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/import',
      payload: {},
      headers: bearer(ctx.admin.token),
    });
    expect(json.statusCode).toBe(400);
    const big = await importCsv(`nombre,email\n${'x'.repeat(IMPORT_MAX_BYTES)}`, true);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(MSG.payloadTooLarge);
  });

  it('is for admins only', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/import?dry_run=1',
      payload: 'name,email\nA,a@b.com',
      headers: { ...bearer(ctx.seller.token), 'content-type': 'text/csv' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/users/export', () => {
  it('streams a UTF-8 CSV with a BOM, ; separated, whose rows are the list rows for the same filters', async () => {
    const sur = await createBranch(ctx.db, { name: 'Sur' });
    await createUser(ctx.db, { name: 'Íñigo Pérez', email: 'inigo@empresa.com.ar', branchId: sur.id });
    await createUser(ctx.db, { name: 'Inés Gómez', email: 'ines@empresa.com.ar', active: false });
    await createUser(ctx.db, { name: 'Ignacio Admin', email: 'ignacio@empresa.com.ar', role: 'admin' });

    const res = await exportCsv('?q=IN&role=seller');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="vendedores-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = readExport(res.body);
    expect(header).toEqual(['Nombre', 'Email', 'Rol', 'Sucursal', 'Activo', 'Alta']);
    const listed = await listAll('&q=IN&role=seller&sort=name');
    expect(rows.map((r) => r[1])).toEqual(listed.map((u) => u.email));
    expect(rows).toContainEqual([
      'Íñigo Pérez',
      'inigo@empresa.com.ar',
      'Vendedor',
      'Sur',
      'Sí',
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
    ]);
    expect(rows.find((r) => r[1] === 'ines@empresa.com.ar')?.[4]).toBe('No');

    const inactive = readExport((await exportCsv('?active=false&sort=-email')).body).slice(1);
    expect(inactive.map((r) => r[1])).toEqual(
      (await listAll('&active=false&sort=-email')).map((u) => u.email),
    );
  });

  it('quotes formula-looking cells (OWASP CSV injection)', async () => {
    await createUser(ctx.db, { name: '=HYPERLINK("http://malo")', email: 'formula@empresa.com.ar' });
    await createUser(ctx.db, { name: '@SUM(1)', email: 'arroba@empresa.com.ar' });
    const rows = readExport((await exportCsv('?q=empresa.com.ar')).body).slice(1);
    const names = rows.map((r) => r[0]);
    expect(names).toContain(`'=HYPERLINK("http://malo")`);
    expect(names).toContain(`'@SUM(1)`);
  });

  it('keeps a cell with a line break in one quoted cell, its formula prefix inside (one row, no escaped formula)', async () => {
    await createUser(ctx.db, { name: '=z\n@SUM(9)', email: 'salto@empresa.com.ar' });
    await createUser(ctx.db, { name: 'z\r@SUM(8)', email: 'retorno@empresa.com.ar' });
    const res = await exportCsv('?q=empresa.com.ar');
    expect(res.body).toContain(`"'=z\n@SUM(9)"`);
    expect(res.body).toContain('"z\r@SUM(8)"');
    const rows = readExport(res.body).slice(1);
    expect(rows.map((r) => r[1]).sort()).toEqual(['retorno@empresa.com.ar', 'salto@empresa.com.ar']);
    expect(rows.every((r) => r.length === 6)).toBe(true);
  });

  it('answers 400 before any CSV when the database refuses a filter (NUL byte, number out of range)', async () => {
    for (const query of ['?q=a%00b', '?branch_id=4294967296', '?branch_id=2147483648']) {
      const res = await exportCsv(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it(`reads past one batch of ${EXPORT_BATCH} rows without losing or repeating any, in every order`, async () => {
    const values = Array.from({ length: EXPORT_BATCH + 7 }, (_, i) => ({
      name: `Lote ${String(i % 10)}`, // equal names: the keyset must break ties by id
      email: `lote${i}@empresa.com.ar`,
      passwordHash: 'scrypt$N=2,r=1,p=1$x$y',
    }));
    await ctx.db.insert(users).values(values);
    for (const sort of ['', '&sort=-name', '&sort=created_at', '&sort=-email']) {
      const rows = readExport((await exportCsv(`?q=lote${sort}`)).body).slice(1);
      expect(rows).toHaveLength(EXPORT_BATCH + 7);
      expect(new Set(rows.map((r) => r[1])).size).toBe(EXPORT_BATCH + 7);
    }
  });

  it('validates its filters like the list, and is for admins only', async () => {
    const bad = await exportCsv('?role=jefe');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['role']);
    const seller = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/export',
      headers: bearer(ctx.seller.token),
    });
    expect(seller.statusCode).toBe(403);
  });

  it('imports its own export back as it was: Activo read, the formula guard taken off, a real apostrophe kept (issue 20, item 14)', async () => {
    const branch = await createBranch(ctx.db, { name: '-Sur' });
    const people = [
      { name: '=Suma Pérez', email: 'suma@vuelta.com.ar', active: true },
      { name: '-Guion Díaz', email: 'guion@vuelta.com.ar', active: false },
      { name: "'Apóstrofo Real", email: 'apostrofo@vuelta.com.ar', active: true },
      { name: '@Arroba Gómez', email: 'arroba@vuelta.com.ar', active: false },
    ];
    for (const p of people) await createUser(ctx.db, { ...p, branchId: branch.id });
    const exported = (await exportCsv('?q=vuelta.com.ar&sort=email')).body;
    expect(exported).toContain("'=Suma Pérez");
    await ctx.db.delete(users).where(
      inArray(
        users.email,
        people.map((p) => p.email),
      ),
    );

    const preview = (await importCsv(exported, true)).json().data;
    expect(preview.error_count).toBe(0);
    expect(
      preview.rows.map((r: { name: string; active: boolean; branch: string }) => [
        r.name,
        r.active,
        r.branch,
      ]),
    ).toEqual(
      [...people].sort((a, b) => a.email.localeCompare(b.email)).map((p) => [p.name, p.active, '-Sur']),
    );
    expect((await importCsv(exported)).statusCode).toBe(201);
    const emails = people.map((p) => p.email);
    const rows = await ctx.db
      .select({ name: users.name, email: users.email, active: users.active, branchId: users.branchId })
      .from(users)
      .where(inArray(users.email, emails));
    expect(rows.sort((a, b) => a.email.localeCompare(b.email))).toEqual(
      [...people]
        .sort((a, b) => a.email.localeCompare(b.email))
        .map((p) => ({ name: p.name, email: p.email, active: p.active, branchId: branch.id })),
    );

    const bad = (await importCsv('nombre;email;activo\nAna;ana@vuelta.com.ar;quizás\n', true)).json().data;
    expect(bad.rows[0].errors).toEqual([USER_MSG.rowActiveInvalid('quizás')]);
  });

  it('exports a file that imports back', async () => {
    await createBranch(ctx.db, { name: 'Oeste' });
    const csv = 'nombre;email;sucursal\nRosa Vidal;rosa@empresa.com.ar;Oeste\n';
    expect((await importCsv(csv)).statusCode).toBe(201);
    const exported = (await exportCsv('?q=rosa%40empresa.com.ar')).body; // not a faker name like Rosario
    await ctx.db.delete(users).where(eq(users.email, 'rosa@empresa.com.ar'));
    const preview = (await importCsv(exported, true)).json().data;
    expect(preview.rows).toMatchObject([
      { name: 'Rosa Vidal', email: 'rosa@empresa.com.ar', branch: 'Oeste', errors: [] },
    ]);
  });
});
