import { describe, expect, it } from 'vitest';
import { initials } from './user-initials';

describe('initials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initials('Ana María Gómez')).toBe('AG');
    expect(initials('administrador')).toBe('A');
    expect(initials(undefined)).toBe('?');
    expect(initials('   ')).toBe('?');
  });
});
