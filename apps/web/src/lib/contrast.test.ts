import { describe, expect, it } from 'vitest';
import { textOn } from './contrast';

describe('textOn', () => {
  it('picks the text with the higher contrast on the type colour', () => {
    // Pure red: black reaches 5.3:1, white only 4.0:1.
    expect(textOn('#FF0000')).toBe('#000000');
    expect(textOn('#212529')).toBe('#FFFFFF');
    expect(textOn('#2F9E44')).toBe('#000000');
    expect(textOn('#5F3DC4')).toBe('#FFFFFF');
    // Mid blue: white reaches only 4.2:1, black 5.0:1.
    expect(textOn('#1C7ED6')).toBe('#000000');
    expect(textOn('#F59F00')).toBe('#000000');
    expect(textOn('#FFFFFF')).toBe('#000000');
  });

  it('always reaches 4.5:1 (WCAG AA), whatever the colour', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (let i = 0; i < 4096; i++) {
      const hex = `#${[i >> 8, (i >> 4) & 15, i & 15].map((n) => (n * 17).toString(16).padStart(2, '0')).join('')}`;
      const [a, b] = [luminance(hex), luminance(textOn(hex))].sort((x, y) => y - x) as [number, number];
      expect((a + 0.05) / (b + 0.05), hex).toBeGreaterThanOrEqual(4.5);
    }
  });
});
