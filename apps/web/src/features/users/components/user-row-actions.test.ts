import { describe, expect, it, vi } from 'vitest';
import { adminUser, managerUser } from '../../../testing/render';
import { userRowActions } from './user-row-actions';

const handlers = { onEdit: vi.fn(), onResetPassword: vi.fn(), onSellerDialog: vi.fn() };

describe('userRowActions', () => {
  it("gives an administrator the second factor's reset on a panel account's row", () => {
    const actions = userRowActions({ ...handlers, onResetMfa: vi.fn() });
    const reset = actions.find((a) => a.key === 'reset-mfa');
    expect(reset?.hidden?.(managerUser)).toBe(false);
    expect(reset?.hidden?.(adminUser)).toBe(false);
  });

  it('leaves it out for a branch manager, who may not reset it (lib/permissions.ts)', () => {
    const keys = userRowActions({ ...handlers, onResetMfa: null }).map((a) => a.key);
    expect(keys).toEqual(['edit', 'reset-password', 'sessions', 'activity', 'volumes', 'units']);
  });
});
