import { describe, expect, it, vi } from 'vitest';
import { MfaRequirement } from './sign-in-settings.ts';

describe('MfaRequirement', () => {
  it('reads the saved rule once per 5 s, shares a read under way, and takes a save at once', async () => {
    const read = vi.fn(async () => ({ mfaRequired: true, oidcOnly: false }));
    const rule = new MfaRequirement(read, () => false, 5_000);
    const [a, b] = [rule.current(1_000), rule.current(1_001)];
    expect(await a).toBe(true);
    expect(await b).toBe(true);
    expect(read).toHaveBeenCalledTimes(1);
    expect(rule.current(Date.now() + 4_000)).toBe(true);
    expect(read).toHaveBeenCalledTimes(1);
    rule.remember(false);
    expect(rule.current()).toBe(false);
    expect(await rule.current(Date.now() + 6_000)).toBe(true);
    expect(read).toHaveBeenCalledTimes(2);
    rule.forget();
    await rule.current();
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('is on whatever is saved while MFA_REQUIRED is set, without reading', () => {
    const read = vi.fn(async () => ({ mfaRequired: false, oidcOnly: false }));
    const rule = new MfaRequirement(read, () => true);
    expect(rule.current()).toBe(true);
    expect(rule.byServer).toBe(true);
    expect(read).not.toHaveBeenCalled();
  });
});
