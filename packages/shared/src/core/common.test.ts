import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  emptyMeans,
  FIELD_BLANK,
  FIELD_REQUIRED,
  isBlank,
  MAX_PER_PAGE,
  makeListQuery,
  presentOnPut,
  requiredOnPut,
  zInt,
} from './common.ts';

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

describe('PUT bodies: required means present and meaningful (presentOnPut)', () => {
  const fields = z.object({
    title: z.string().trim().min(1, 'El título es requerido'),
    color: z.preprocess((v) => (isBlank(v) ? '#FF0000' : v), z.string()),
    limit: emptyMeans(
      z.preprocess((v) => (v === '' ? null : v), z.number().nullable()),
      'sin límite',
    ),
    note: z.string().nullish(),
  });
  const ZPut = presentOnPut(requiredOnPut(fields, ['color', 'limit']));
  const errors = (body: object) => {
    const r = ZPut.safeParse(body);
    return r.success ? {} : z.flattenError(r.error).fieldErrors;
  };
  const base = { title: 'Hola', color: '#00AA00', limit: 3 };

  it('refuses a defaulted field sent null or as any blank text, naming it', () => {
    const blanks = fc.oneof(
      fc.constant(null),
      fc.string({ unit: fc.constantFrom(' ', '\t', '\u00a0', '\u3000', '\u2028', '\u200b', '\ufeff') }),
    );
    fc.assert(
      fc.property(blanks, (color) => {
        expect(errors({ ...base, color })).toEqual({ color: [FIELD_BLANK] });
      }),
    );
  });

  it('keeps absent as "required", a field\'s own message, empty values that mean something, and optional fields', () => {
    expect(errors({ title: 'Hola', limit: 3 })).toEqual({ color: [FIELD_REQUIRED] });
    expect(errors({ ...base, title: '\u3000' })).toEqual({ title: ['El título es requerido'] });
    expect(ZPut.parse({ ...base, limit: null, note: null })).toMatchObject({ limit: null, note: null });
    expect(ZPut.parse({ ...base, limit: '' })).toMatchObject({ limit: null });
  });

  it('isBlank: null and white or invisible text only', () => {
    for (const v of [null, '', ' ', '\t\n', '\u00a0', '\u3000', '\u2029', '\u200b\u2060'])
      expect(isBlank(v)).toBe(true);
    for (const v of [undefined, 0, 'a', ' a ', '0', false]) expect(isBlank(v)).toBe(false);
  });
});
