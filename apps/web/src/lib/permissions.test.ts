import { describe, expect, it } from 'vitest';
import { adminUser, managerUser, sellerUser } from '../testing/render';
import { ADMIN_ONLY_PATHS, type Capability, can, canOpen, ownBranch } from './permissions';

const CAPABILITIES: Capability[] = [
  'choose-role',
  'reset-mfa',
  'sign-in-rules',
  'every-branch',
  'every-person',
  'second-factor',
];

describe('permissions', () => {
  it('lets an administrator do everything and open every screen', () => {
    for (const capability of CAPABILITIES) expect(can(adminUser, capability), capability).toBe(true);
    for (const path of [...ADMIN_ONLY_PATHS, '/users', '/audit', '/account'])
      expect(canOpen(adminUser, path)).toBe(true);
    expect(ownBranch(adminUser)).toBeNull();
  });

  it('keeps a branch manager to their branch: only their own second factor of the capabilities', () => {
    const allowed = CAPABILITIES.filter((capability) => can(managerUser, capability));
    expect(allowed).toEqual(['second-factor']);
    expect(ownBranch(managerUser)).toEqual({ id: 7, name: 'Centro' });
  });

  it("refuses a manager the company's setup screens, and their sub-paths, but not their branch's", () => {
    for (const path of ADMIN_ONLY_PATHS) {
      expect(canOpen(managerUser, path), path).toBe(false);
      expect(canOpen(managerUser, `${path}/12`), path).toBe(false);
    }
    for (const path of ['/', '/dashboard', '/users', '/posts', '/stories', '/notifications', '/events'])
      expect(canOpen(managerUser, path), path).toBe(true);
    for (const path of ['/calendar', '/engagement', '/surveys', '/points-transactions', '/audit', '/account'])
      expect(canOpen(managerUser, path), path).toBe(true);
    // "/branchesx" is not under "/branches": the 404 screen answers it, not the refusal.
    expect(canOpen(managerUser, '/branchesx')).toBe(true);
  });

  it('gives a seller, or nobody, no capability', () => {
    for (const viewer of [sellerUser, null, undefined])
      for (const capability of CAPABILITIES) expect(can(viewer, capability)).toBe(false);
  });
});
