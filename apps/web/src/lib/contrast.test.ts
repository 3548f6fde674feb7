import { describe, expect, it } from 'vitest';
import { textOn } from './contrast';

describe('textOn', () => {
  it('picks the text with the higher contrast on the type colour', () => {
    // Pure red: black reaches 5.3:1, white only 4.0:1.
    expect(textOn('#FF0000')).toBe('#1A1B1E');
    expect(textOn('#212529')).toBe('#FFFFFF');
    expect(textOn('#2F9E44')).toBe('#1A1B1E');
    expect(textOn('#5F3DC4')).toBe('#FFFFFF');
    expect(textOn('#F59F00')).toBe('#1A1B1E');
    expect(textOn('#FFFFFF')).toBe('#1A1B1E');
  });
});
