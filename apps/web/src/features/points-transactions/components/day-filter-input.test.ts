import { describe, expect, it } from 'vitest';
import { parseDay } from './day-filter-input';

describe('parseDay', () => {
  it('reads dd/mm/aaaa as an ISO day', () => {
    expect(parseDay('09/03/2026')).toBe('2026-03-09');
    expect(parseDay(' 1/2/2026 ')).toBe('2026-02-01');
  });
  it('refuses days that do not exist and other formats', () => {
    expect(parseDay('30/02/2026')).toBeNull();
    expect(parseDay('2026-03-09')).toBeNull();
    expect(parseDay('')).toBeNull();
  });
});
