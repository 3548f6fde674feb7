import { describe, expect, it } from 'vitest';
import {
  ENGAGEMENT_MSG,
  engagementChange,
  ZEngagementInactiveQuery,
  ZEngagementQuery,
} from './engagement.ts';

describe('ZEngagementQuery', () => {
  it('takes 4, 12 or 26 weeks, as a number or the query string, 4 by default', () => {
    expect(ZEngagementQuery.parse({})).toEqual({ weeks: 4 });
    expect(ZEngagementQuery.parse({ weeks: '12' })).toEqual({ weeks: 12 });
    expect(ZEngagementQuery.parse({ weeks: 26 })).toEqual({ weeks: 26 });
  });

  it('refuses any other value with one Spanish message', () => {
    for (const weeks of ['5', '0', '-4', '4.5', 'cuatro', '', 52]) {
      const result = ZEngagementQuery.safeParse({ weeks });
      expect(result.success, String(weeks)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([ENGAGEMENT_MSG.weeksInvalid]);
    }
  });
});

describe('ZEngagementInactiveQuery', () => {
  it('takes an optional branch and a page, 1 by default', () => {
    expect(ZEngagementInactiveQuery.parse({})).toEqual({ page: 1 });
    expect(ZEngagementInactiveQuery.parse({ branch_id: '7', page: '3' })).toEqual({ branch_id: 7, page: 3 });
  });

  it('refuses a branch or page that is not a positive integer', () => {
    for (const branch_id of ['0', 'x', '1.5', '2147483648']) {
      const result = ZEngagementInactiveQuery.safeParse({ branch_id });
      expect(
        result.error?.issues.map((i) => i.message),
        branch_id,
      ).toEqual([ENGAGEMENT_MSG.branchInvalid]);
    }
    for (const page of ['0', 'x']) {
      const result = ZEngagementInactiveQuery.safeParse({ page });
      expect(
        result.error?.issues.map((i) => i.message),
        page,
      ).toEqual([ENGAGEMENT_MSG.pageInvalid]);
    }
  });
});

describe('engagementChange', () => {
  it('is the change as a fraction of the previous value, null without one', () => {
    expect(engagementChange(15, 10)).toBe(0.5);
    expect(engagementChange(0, 4)).toBe(-1);
    expect(engagementChange(3, 0)).toBeNull();
    expect(engagementChange(null, 0.5)).toBeNull();
    expect(engagementChange(0.5, null)).toBeNull();
  });
});
