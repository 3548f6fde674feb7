import { MSG, USER_MSG } from '@panel/shared';
import { describe, expect, it } from 'vitest';
import { type CsvRow, checkRows, detectDelimiter, fold, mapConcurrent, readUserCsv } from './import.ts';

const noLookups = { existingEmails: new Set<string>(), branchIds: new Map<string, number[]>() };

describe('readUserCsv', () => {
  it('detects the separator from the header line and maps Spanish or English headers', () => {
    expect(detectDelimiter('\uFEFFnombre;email;rol\n')).toBe(';');
    expect(detectDelimiter('name,email\n"a;b",c')).toBe(',');
    const rows = readUserCsv(
      '\uFEFFCORREO ELECTRÓNICO;Nombre y apellido;Sucursal\r\nana@x.com;Ana;Norte\r\n',
    );
    expect(rows).toEqual([
      { line: 2, name: 'Ana', email: 'ana@x.com', role: '', branch: 'Norte', password: '', active: '' },
    ]);
  });

  it('numbers rows by their line in the file, counting skipped blank lines', () => {
    const rows = readUserCsv('name,email\n\nA,a@x.com\n,\nB,b@x.com');
    expect(rows.map((r) => r.line)).toEqual([3, 5]);
  });
});

describe('checkRows', () => {
  const row = (over: Partial<CsvRow>): CsvRow => ({
    line: 2,
    name: 'Ana',
    email: 'ana@x.com',
    role: '',
    active: '',
    branch: '',
    password: '',
    ...over,
  });

  it('accepts role words in Spanish or English, any case and accents', () => {
    const roles = ['Vendedor', 'VENDEDORA', 'seller', 'Administrador', 'admin', 'administradora', ''].map(
      (role) => checkRows([row({ role })], noLookups)[0]!.role,
    );
    expect(roles).toEqual(['seller', 'seller', 'seller', 'admin', 'admin', 'admin', 'seller']);
  });

  it('reads a branch manager as Encargado or Encargado de sucursal, and wants their branch', () => {
    const lookups = { ...noLookups, branchIds: new Map([['centro', [3]]]) };
    for (const role of ['Encargado', 'encargada de sucursal', 'Encargado de Sucursal', 'branch_manager']) {
      expect(checkRows([row({ role, branch: 'Centro' })], lookups)[0], role).toMatchObject({
        role: 'branch_manager',
        branch_id: 3,
        errors: [],
      });
    }
    expect(checkRows([row({ role: 'Encargado' })], lookups)[0]!.errors).toEqual([MSG.managerBranchRequired]);
  });

  it("keeps a branch manager's rows to sellers of their branch, and puts a row without one in it", () => {
    const lookups = {
      ...noLookups,
      branchIds: new Map([
        ['centro', [3]],
        ['sur', [4]],
      ]),
    };
    const scope = { branchId: 3, branchName: 'Centro' };
    const [none, same, other, admin] = checkRows(
      [
        row({ email: 'a@x.com' }),
        row({ email: 'b@x.com', branch: 'centro' }),
        row({ email: 'c@x.com', branch: 'Sur' }),
        row({ email: 'd@x.com', role: 'Administrador' }),
      ],
      lookups,
      scope,
    );
    expect(none).toMatchObject({ branch: 'Centro', branch_id: 3, errors: [] });
    expect(same).toMatchObject({ branch_id: 3, errors: [] });
    expect(other!.errors).toEqual([MSG.otherBranch]);
    expect(admin!.errors).toEqual([MSG.managersOnlySellers]);
  });

  it('finds the branch by name ignoring case and accents, and flags an ambiguous one', () => {
    const lookups = {
      ...noLookups,
      branchIds: new Map([
        [fold('Córdoba'), [7]],
        ['sur', [1, 2]],
      ]),
    };
    expect(checkRows([row({ branch: 'CORDOBA' })], lookups)[0]).toMatchObject({ branch_id: 7, errors: [] });
    expect(checkRows([row({ branch: 'Sur' })], lookups)[0]!.errors).toEqual([
      USER_MSG.rowBranchAmbiguous('Sur'),
    ]);
  });

  it('reports every problem of a row, and a repeated email points at its first line', () => {
    const checked = checkRows(
      [row({ line: 2 }), row({ line: 3, name: ' ', email: 'ANA@x.com', role: 'gerente', branch: 'Nada' })],
      noLookups,
    );
    expect(checked[1]!.errors).toEqual([
      USER_MSG.rowNameRequired,
      USER_MSG.rowEmailRepeated(2),
      USER_MSG.rowRoleInvalid('gerente'),
      USER_MSG.rowBranchUnknown('Nada'),
    ]);
  });
});

describe('mapConcurrent', () => {
  it('keeps the order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapConcurrent([5, 1, 4, 2, 3], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n));
      running--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(peak).toBe(2);
  });
});
