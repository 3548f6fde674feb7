import { describe, expect, it } from 'vitest';
import { accountForNewEmail, parseGroupMap, verifiedEmail } from './oidc-rules.ts';

describe('verifiedEmail', () => {
  it('takes the e-mail claim lower-cased and trimmed when email_verified is true (or "true")', () => {
    expect(verifiedEmail({ email: ' Ana@Empresa.COM ', email_verified: true })).toEqual({
      email: 'ana@empresa.com',
    });
    expect(verifiedEmail({ email: 'ana@empresa.com', email_verified: 'true' })).toEqual({
      email: 'ana@empresa.com',
    });
  });

  it('refuses an e-mail not verified, a missing flag, and no e-mail at all', () => {
    for (const claims of [
      { email: 'ana@empresa.com', email_verified: false },
      { email: 'ana@empresa.com', email_verified: 'false' },
      { email: 'ana@empresa.com' },
      { email: 'ana@empresa.com', email_verified: 1 },
      { email_verified: true },
      { email: '', email_verified: true },
      { email: 'sin-arroba', email_verified: true },
      { email: ['ana@empresa.com'], email_verified: true },
      // Entra ID's domain check stands in only when the issuer says nothing of the address itself.
      { email: 'ana@empresa.com', email_verified: false, xms_edov: true },
      { email: 'ana@empresa.com', xms_edov: false },
    ]) {
      expect(verifiedEmail(claims), JSON.stringify(claims)).toEqual({ refused: 'unverified_email' });
    }
  });
});

describe('parseGroupMap', () => {
  it('reads group=admin and group=seller:branch, in order, skipping blanks', () => {
    expect(parseGroupMap(' panel-admins=admin, ,ventas-centro=seller:3,')).toEqual([
      { group: 'panel-admins', role: 'admin' },
      { group: 'ventas-centro', role: 'seller', branchId: 3 },
    ]);
    expect(parseGroupMap('')).toEqual([]);
  });

  it('refuses a seller without branch, an administrator with one, and an unknown role', () => {
    expect(() => parseGroupMap('ventas=seller')).toThrow('a un vendedor le falta la sucursal');
    expect(() => parseGroupMap('jefes=admin:2')).toThrow('un administrador no lleva sucursal');
    expect(() => parseGroupMap('jefes=gerente')).toThrow('OIDC_GROUP_MAP: "jefes=gerente"');
  });

  it('reads group=branch_manager:branch, and refuses a branch manager without a branch', () => {
    expect(parseGroupMap('jefes-centro=branch_manager:3')).toEqual([
      { group: 'jefes-centro', role: 'branch_manager', branchId: 3 },
    ]);
    expect(() => parseGroupMap('jefes=branch_manager')).toThrow(
      'a un encargado de sucursal le falta la sucursal',
    );
  });
});

describe('accountForNewEmail', () => {
  const groupMap = parseGroupMap('panel-admins=admin,ventas-norte=seller:7');

  it('gives the first rule whose group the claim lists (array or single string), exact case', () => {
    const options = { groupsClaim: 'groups', groupMap };
    expect(accountForNewEmail({ groups: ['otros', 'ventas-norte', 'panel-admins'] }, options)).toEqual({
      role: 'admin',
      branchId: null,
    });
    expect(accountForNewEmail({ groups: 'ventas-norte' }, options)).toEqual({ role: 'seller', branchId: 7 });
    expect(accountForNewEmail({ groups: ['Panel-Admins'] }, options)).toBeNull();
    expect(accountForNewEmail({ groups: [1, null] }, options)).toBeNull();
  });

  it('gives a branch manager the branch of the rule', () => {
    const options = { groupsClaim: 'groups', groupMap: parseGroupMap('jefes-norte=branch_manager:7') };
    expect(accountForNewEmail({ groups: ['jefes-norte'] }, options)).toEqual({
      role: 'branch_manager',
      branchId: 7,
    });
  });

  it('falls back to the default branch, and without one refuses', () => {
    expect(
      accountForNewEmail({ groups: ['otros'] }, { groupsClaim: 'groups', groupMap, defaultBranchId: 2 }),
    ).toEqual({
      role: 'seller',
      branchId: 2,
    });
    expect(accountForNewEmail({}, { groupMap: [], defaultBranchId: 4 })).toEqual({
      role: 'seller',
      branchId: 4,
    });
    expect(accountForNewEmail({ groups: ['panel-admins'] }, { groupMap })).toBeNull();
  });
});
