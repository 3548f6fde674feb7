import { describe, expect, it } from 'vitest';
import { AUDIT_MSG, ZAuditListQuery } from './audit.ts';

describe('ZAuditListQuery', () => {
  it('defaults to page 1 of 20 and reads decimal ids from the query string', () => {
    expect(ZAuditListQuery.parse({})).toEqual({ page: 1, per_page: 20 });
    expect(ZAuditListQuery.parse({ actor_id: '3', entity_id: '9007199254740991', entity: 'users' })).toEqual({
      page: 1,
      per_page: 20,
      actor_id: 3,
      entity_id: 9_007_199_254_740_991,
      entity: 'users',
    });
  });

  it('accepts only the audited tables, the three actions and 10/20/50/100 a page', () => {
    expect(ZAuditListQuery.safeParse({ entity: 'password_resets' }).error?.issues[0]?.message).toBe(
      AUDIT_MSG.entityInvalid,
    );
    expect(ZAuditListQuery.safeParse({ action: 'insert' }).error?.issues[0]?.message).toBe(
      AUDIT_MSG.actionInvalid,
    );
    expect(ZAuditListQuery.safeParse({ per_page: '25' }).error?.issues[0]?.message).toBe(
      AUDIT_MSG.perPageInvalid,
    );
    expect(ZAuditListQuery.safeParse({ actor_id: '0x10' }).error?.issues[0]?.message).toBe(
      AUDIT_MSG.actorInvalid,
    );
  });

  it('checks real calendar days and their order', () => {
    expect(ZAuditListQuery.safeParse({ to: '2026-02-29' }).success).toBe(false);
    const r = ZAuditListQuery.safeParse({ from: '2026-03-10', to: '2026-03-09' });
    expect(r.error?.issues).toMatchObject([{ path: ['from'], message: AUDIT_MSG.dateRangeInvalid }]);
  });
});
