import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PER_PAGE, makeListQuery, zInt } from './common.ts';

const ZQuery = makeListQuery(['name', 'city'] as const);

describe('makeListQuery', () => {
  it('applies the defaults: page 1, 5 per page, no search, no sort', () => {
    expect(ZQuery.parse({})).toEqual({ page: 1, per_page: 5, q: undefined, sort: undefined });
  });

  it('coerces query-string numbers and accepts ascending and descending sorts', () => {
    expect(ZQuery.parse({ page: '3', per_page: '20', sort: '-city', q: ' Rosario ' })).toEqual({
      page: 3,
      per_page: 20,
      q: 'Rosario',
      sort: '-city',
    });
  });

  it('refuses sorting by a column the resource does not allow', () => {
    expect(ZQuery.safeParse({ sort: 'password_hash' }).success).toBe(false);
  });

  it(`never accepts a page below 1 or more than ${MAX_PER_PAGE} rows`, () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (page, perPage) => {
        const r = ZQuery.safeParse({ page: String(page), per_page: String(perPage) });
        expect(r.success).toBe(page >= 1 && perPage >= 1 && perPage <= MAX_PER_PAGE);
      }),
    );
  });

  it('treats a blank search as no search', () => {
    expect(ZQuery.parse({ q: '   ' }).q).toBeUndefined();
  });
});

describe('numbers from text (decimalToNumber, zInt)', () => {
  it('takes only plain decimal strings, within int4 by default', () => {
    const id = zInt({ min: 1 });
    expect(id.parse('16')).toBe(16);
    expect(id.parse(16)).toBe(16);
    for (const bad of ['0x10', '1e3', ' 7', '', '1.5', true, [3], null, '2147483648', 0]) {
      expect(id.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
