import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  invalidValueMessage,
  parseTargetUnits,
  parseTargetValue,
  TARGETS_MSG,
  ZUnitsBulkUpsert,
  ZVolumeUpsert,
} from './targets.ts';

describe('parseTargetValue', () => {
  it('treats blank text as "no value"', () => {
    for (const text of ['', '   ', null, undefined])
      expect(parseTargetValue(text)).toEqual({ ok: true, value: null });
  });

  it('turns a comma decimal separator into a dot: "1234,5" is 1234.5', () => {
    expect(parseTargetValue('1234,5')).toEqual({ ok: true, value: 1234.5 });
    expect(parseTargetValue(' 0,75 ')).toEqual({ ok: true, value: 0.75 });
    expect(parseTargetValue('1234.5')).toEqual({ ok: true, value: 1234.5 });
    expect(parseTargetValue('0')).toEqual({ ok: true, value: 0 });
    expect(parseTargetValue(42)).toEqual({ ok: true, value: 42 });
  });

  it('refuses negatives, words, thousands separators, hex and exponents', () => {
    for (const text of ['-1', 'abc', '12a', '1.234,5', '1,2,3', '0x10', '1e3', 'Infinity', 'NaN', '.', ',']) {
      expect(parseTargetValue(text), text).toEqual({ ok: false });
    }
  });

  it('accepts every non-negative decimal written with a comma or a dot', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 0, max: 99 }), (int, dec) => {
        const text = `${int},${String(dec).padStart(2, '0')}`;
        const parsed = parseTargetValue(text);
        expect(parsed.ok && parsed.value).toBeCloseTo(int + dec / 100, 6);
      }),
    );
  });
});

describe('parseTargetUnits', () => {
  it('accepts whole numbers and blank, refuses fractions', () => {
    expect(parseTargetUnits('120')).toEqual({ ok: true, value: 120 });
    expect(parseTargetUnits('')).toEqual({ ok: true, value: null });
    expect(parseTargetUnits('12,5')).toEqual({ ok: false });
    expect(parseTargetUnits('-3')).toEqual({ ok: false });
  });
});

describe('invalidValueMessage', () => {
  it('names the month and quotes the text', () => {
    expect(invalidValueMessage(3, '12a')).toBe('Valor inválido en Marzo "12a"');
    expect(invalidValueMessage(12, 'x')).toBe('Valor inválido en Diciembre "x"');
  });
});

describe('ZVolumeUpsert', () => {
  const valid = { user_id: 1, year: 2026, month: 5, target_amount: 1234.5 };
  it('accepts a month between 1 and 12 with an amount >= 0', () => {
    expect(ZVolumeUpsert.parse(valid)).toEqual(valid);
    expect(ZVolumeUpsert.parse({ ...valid, target_amount: 0 }).target_amount).toBe(0);
  });
  it.each([
    [{ month: 0 }, TARGETS_MSG.monthInvalid],
    [{ month: 13 }, TARGETS_MSG.monthInvalid],
    [{ month: 1.5 }, TARGETS_MSG.monthInvalid],
    [{ year: 1999 }, TARGETS_MSG.yearInvalid],
    [{ target_amount: -1 }, TARGETS_MSG.amountInvalid],
    [{ target_amount: '10' }, TARGETS_MSG.amountRequired],
    [{ target_amount: 1e13 }, TARGETS_MSG.amountTooLarge],
    [{ user_id: 0 }, TARGETS_MSG.userRequired],
  ])('rejects %o with its message', (patch, message) => {
    const r = ZVolumeUpsert.safeParse({ ...valid, ...patch });
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});

describe('ZUnitsBulkUpsert', () => {
  const base = { user_id: 1, supplier_id: 2, brand_id: 3, year: 2026 };
  const twelve = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, units: i === 4 ? null : 10 * i }));
  it('accepts 12 months, null clearing a month', () => {
    expect(ZUnitsBulkUpsert.parse({ ...base, items: twelve }).items[4]).toEqual({ month: 5, units: null });
  });
  it('rejects repeated months, fractional units and more than 12 items', () => {
    const repeated = ZUnitsBulkUpsert.safeParse({
      ...base,
      items: [...twelve.slice(0, 11), { month: 1, units: 1 }],
    });
    expect(repeated.error?.issues[0]?.message).toBe(TARGETS_MSG.monthRepeated);
    const fraction = ZUnitsBulkUpsert.safeParse({ ...base, items: [{ month: 1, units: 1.5 }] });
    expect(fraction.error?.issues[0]?.message).toBe(TARGETS_MSG.unitsInvalid);
    expect(fraction.error?.issues[0]?.path).toEqual(['items', 0, 'units']);
    const many = ZUnitsBulkUpsert.safeParse({ ...base, items: [...twelve, { month: 1, units: 1 }] });
    expect(many.error?.issues[0]?.message).toBe(TARGETS_MSG.itemsInvalid);
  });
});
