import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from '../core/messages.ts';
import { ZBranchInput } from './branches.ts';

describe('ZBranchInput', () => {
  it('trims the name and turns empty optional texts into null', () => {
    const r = ZBranchInput.parse({ name: '  Casa Central  ', city: '  ', address: ' Av. Corrientes 1234 ' });
    expect(r).toEqual({ name: 'Casa Central', city: null, address: 'Av. Corrientes 1234' });
  });

  it('rejects a blank name with "El nombre es obligatorio"', () => {
    const r = ZBranchInput.safeParse({ name: '   ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(MSG.nameRequired);
    expect(r.error?.issues[0]?.path).toEqual(['name']);
  });

  it('rejects a missing name with the same message', () => {
    const r = ZBranchInput.safeParse({});
    expect(r.error?.issues[0]?.message).toBe(MSG.nameRequired);
  });

  it('keeps the connection string three-way: absent, null (remove) or text (replace)', () => {
    expect('connection_string' in ZBranchInput.parse({ name: 'A' })).toBe(false);
    expect(ZBranchInput.parse({ name: 'A', connection_string: null }).connection_string).toBeNull();
    expect(ZBranchInput.parse({ name: 'A', connection_string: 'host=x' }).connection_string).toBe('host=x');
  });

  it('accepts any non-blank name up to 120 characters, always trimmed', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 120 }), (name) => {
        const r = ZBranchInput.safeParse({ name });
        expect(r.success).toBe(name.trim().length > 0);
        if (r.success) expect(r.data.name).toBe(name.trim());
      }),
    );
  });
});
