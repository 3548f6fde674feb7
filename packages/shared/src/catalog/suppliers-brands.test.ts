import { describe, expect, it } from 'vitest';
import { CATALOG_MSG, ZBrandInput, ZSupplierInput } from './suppliers-brands.ts';

describe('ZSupplierInput / ZBrandInput', () => {
  it('trims both fields and upper-cases the code', () => {
    expect(ZSupplierInput.parse({ code: ' sup001 ', business_name: ' Química Andina S.A. ' })).toEqual({
      code: 'SUP001',
      business_name: 'Química Andina S.A.',
    });
    expect(ZBrandInput.parse({ code: 'br001', name: 'Brillex' })).toEqual({ code: 'BR001', name: 'Brillex' });
  });

  it('requires the code: "El código es obligatorio"', () => {
    for (const code of [undefined, '', '   ']) {
      const r = ZBrandInput.safeParse({ code, name: 'X' });
      expect(r.error?.issues[0]).toMatchObject({ message: CATALOG_MSG.codeRequired, path: ['code'] });
    }
  });

  it('requires the description: "La descripción / razón social es obligatoria"', () => {
    const r = ZSupplierInput.safeParse({ code: 'A', business_name: '  ' });
    expect(r.error?.issues[0]).toMatchObject({
      message: CATALOG_MSG.descriptionRequired,
      path: ['business_name'],
    });
    const b = ZBrandInput.safeParse({ code: 'A' });
    expect(b.error?.issues[0]).toMatchObject({ message: CATALOG_MSG.descriptionRequired, path: ['name'] });
  });
});
