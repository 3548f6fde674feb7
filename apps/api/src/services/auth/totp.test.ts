import { describe, expect, it } from 'vitest';
import {
  checkTotp,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpKey,
  normalizeRecoveryCode,
  TOTP_PERIOD_SECONDS,
  totpCodeAt,
} from './totp.ts';

const T0 = new Date('2026-12-03T12:00:00Z');
const stepMs = TOTP_PERIOD_SECONDS * 1000;
const at = (steps: number) => new Date(T0.getTime() + steps * stepMs);

describe('TOTP rules', () => {
  const { secret, otpauthUrl } = newTotpKey('ana@example.com');

  it('makes a 160-bit key and an otpauth address naming the panel and the account', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Panel%20de%20Administraci%C3%B3n:ana%40example\.com\?/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
  });

  it('accepts the code of the current step and one step either side, not two', () => {
    const code = totpCodeAt(secret, at(0));
    expect(checkTotp(secret, code, at(0), null)).toEqual({ ok: true, step: expect.any(Number) });
    expect(checkTotp(secret, code, at(1), null).ok).toBe(true);
    expect(checkTotp(secret, code, at(-1), null).ok).toBe(true);
    expect(checkTotp(secret, code, at(2), null)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTotp(secret, code, at(-2), null)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a code whose step was already accepted, or an earlier one', () => {
    const first = checkTotp(secret, totpCodeAt(secret, at(0)), at(0), null);
    if (!first.ok) throw new Error('expected ok');
    expect(checkTotp(secret, totpCodeAt(secret, at(0)), at(0), first.step)).toEqual({
      ok: false,
      reason: 'used',
    });
    expect(checkTotp(secret, totpCodeAt(secret, at(-1)), at(0), first.step)).toEqual({
      ok: false,
      reason: 'used',
    });
    const next = checkTotp(secret, totpCodeAt(secret, at(1)), at(1), first.step);
    expect(next).toEqual({ ok: true, step: first.step + 1 });
  });

  it('refuses what is not six digits', () => {
    expect(checkTotp(secret, '12345', T0, null)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTotp(secret, 'abcdef', T0, null)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('recovery codes', () => {
  it('makes 10 different codes shaped "abcde-fghij"', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  });

  it('reads a typed code whatever its case, spaces and dashes, and hashes it the same', () => {
    expect(normalizeRecoveryCode(' ABCDE - fghjk ')).toBe('abcdefghjk');
    expect(normalizeRecoveryCode('123456')).toBeNull();
    expect(hashRecoveryCode('ABCDE-FGHJK')).toBe(hashRecoveryCode('abcdefghjk'));
    expect(hashRecoveryCode('abcde-fghjk')).toMatch(/^[0-9a-f]{64}$/);
  });
});
