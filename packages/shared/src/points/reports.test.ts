import { describe, expect, it } from 'vitest';
import { POINTS_REPORTS_MSG, referenceLabel, ZLeaderboardQuery, ZTransactionListQuery } from './reports.ts';

describe('ZLeaderboardQuery', () => {
  it('defaults to this month and the top 20', () => {
    expect(ZLeaderboardQuery.parse({})).toEqual({ period: 'monthly', limit: 20 });
  });

  it('accepts only 10, 20, 50 and 100 as limit', () => {
    expect(ZLeaderboardQuery.parse({ limit: '50', period: 'weekly', branch_id: '3' })).toEqual({
      period: 'weekly',
      limit: 50,
      branch_id: 3,
    });
    const r = ZLeaderboardQuery.safeParse({ limit: '25' });
    expect(r.error?.issues[0]?.message).toBe(POINTS_REPORTS_MSG.limitInvalid);
  });
});

describe('ZTransactionListQuery', () => {
  it('defaults to page 1 of 20 and drops empty filters', () => {
    expect(ZTransactionListQuery.parse({ q: '  ', action_key: '' })).toEqual({ page: 1, per_page: 20 });
  });

  it('checks real calendar days and their order', () => {
    expect(ZTransactionListQuery.safeParse({ from: '2026-02-29' }).error?.issues[0]?.message).toBe(
      POINTS_REPORTS_MSG.dateInvalid,
    );
    expect(ZTransactionListQuery.safeParse({ from: '2028-02-29' }).success).toBe(true);
    const r = ZTransactionListQuery.safeParse({ from: '2026-03-10', to: '2026-03-09' });
    expect(r.error?.issues).toMatchObject([{ path: ['from'], message: POINTS_REPORTS_MSG.dateRangeInvalid }]);
  });
});

describe('referenceLabel', () => {
  it('is a short type name plus the id, or "-"', () => {
    expect(referenceLabel('post', '12')).toBe('Post #12');
    expect(referenceLabel('comment', '7')).toBe('Comentario #7');
    expect(referenceLabel('App\\Models\\Survey', '3')).toBe('Survey #3');
    expect(referenceLabel('story', null)).toBe('Historia');
    expect(referenceLabel(null, null)).toBe('-');
  });
});
