import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { competitionRanks } from './leaderboard.ts';

const ranks = (points: number[]) =>
  competitionRanks(points.map((p) => ({ period_points: p }))).map((r) => r.rank);

describe('competitionRanks', () => {
  it('gives ties the same rank and skips the next ones ("1224")', () => {
    expect(ranks([50, 30, 30, 10])).toEqual([1, 2, 2, 4]);
    expect(ranks([40, 40, 40, 5, 1, 1])).toEqual([1, 1, 1, 4, 5, 5]);
  });

  it('handles an empty list and a single row', () => {
    expect(ranks([])).toEqual([]);
    expect(ranks([7])).toEqual([1]);
  });

  it('rank = 1 + the number of rows with more points, for any sorted list', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 60 }), (raw) => {
        const sorted = [...raw].sort((a, b) => b - a);
        const got = ranks(sorted);
        sorted.forEach((p, i) => {
          expect(got[i]).toBe(1 + sorted.filter((q) => q > p).length);
        });
      }),
    );
  });
});
