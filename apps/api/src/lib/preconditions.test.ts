import { describe, expect, it } from 'vitest';
import { entityTag, evaluateIfMatch, parseIfMatch } from './preconditions.ts';

describe('If-Match (RFC 9110 §13.1.1)', () => {
  it('reads absent, *, one tag, a list, and repeated fields', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
    expect(parseIfMatch('*')).toBe('*');
    expect(parseIfMatch(' "3" ')).toEqual({ strong: ['3'] });
    expect(parseIfMatch('"3", "4",W/"5"')).toEqual({ strong: ['3', '4'] });
    expect(parseIfMatch(['"3"', '"7"'])).toEqual({ strong: ['3', '7'] });
    expect(parseIfMatch('"1", , "2"')).toEqual({ strong: ['1', '2'] });
  });

  it('refuses what is not entity-tag syntax', () => {
    for (const bad of ['', '3', '"3', 'W/3', '"3" "4"', '"a"b"', '**', '"3";x']) {
      expect(parseIfMatch(bad), bad).toBe('invalid');
    }
  });

  it('compares strongly: a weak tag never matches, * matches any version', () => {
    expect(evaluateIfMatch({ strong: ['3'] }, 3)).toBe(true);
    expect(evaluateIfMatch({ strong: ['2', '3'] }, 3)).toBe(true);
    expect(evaluateIfMatch({ strong: ['2'] }, 3)).toBe(false);
    expect(evaluateIfMatch(parseIfMatch('W/"3"') as { strong: string[] }, 3)).toBe(false);
    expect(evaluateIfMatch('*', 9)).toBe(true);
    expect(entityTag(3)).toBe('"3"');
  });
});
