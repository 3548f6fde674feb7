import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedByModel, arbitraryScenario } from '../../testing/points-model.ts';
import { MemoryLedger } from './memory-ledger.ts';
import { businessDate, businessDayBounds, checkAward } from './rules.ts';

const AR = 'America/Argentina/Buenos_Aires';
const none = { awardsToday: 0, lastAwardAt: null, referenceAwarded: false };
const open = { active: true, dailyLimit: null, cooldownSeconds: null };
const now = new Date('2026-11-22T15:00:00Z');

describe('checkAward', () => {
  it('refuses in the order of docs/product.md#points-engine: missing, inactive, daily_limit, cooldown, duplicate', () => {
    const busy = { awardsToday: 3, lastAwardAt: new Date(now.getTime() - 1000), referenceAwarded: true };
    expect(checkAward(null, busy, now)).toBe('missing');
    expect(checkAward({ active: false, dailyLimit: 3, cooldownSeconds: 60 }, busy, now)).toBe('inactive');
    expect(checkAward({ active: true, dailyLimit: 3, cooldownSeconds: 60 }, busy, now)).toBe('daily_limit');
    expect(checkAward({ active: true, dailyLimit: 4, cooldownSeconds: 60 }, busy, now)).toBe('cooldown');
    expect(checkAward({ active: true, dailyLimit: 4, cooldownSeconds: 1 }, busy, now)).toBe('duplicate');
    expect(checkAward(open, none, now)).toBeNull();
  });

  it('lets an award through exactly when cooldown_seconds have passed', () => {
    const rule = { active: true, dailyLimit: null, cooldownSeconds: 30 };
    const at = (msAgo: number) => ({ ...none, lastAwardAt: new Date(now.getTime() - msAgo) });
    expect(checkAward(rule, at(29_999), now)).toBe('cooldown');
    expect(checkAward(rule, at(30_000), now)).toBeNull();
  });

  it('treats a null daily limit and cooldown as none', () => {
    expect(
      checkAward(open, { awardsToday: 10_000, lastAwardAt: now, referenceAwarded: false }, now),
    ).toBeNull();
  });
});

describe('business days', () => {
  it('counts days in Buenos Aires (UTC-3): 02:30 UTC is still the day before', () => {
    const t = new Date('2026-11-22T02:30:00Z');
    expect(businessDate(t, AR)).toBe('2026-11-21');
    expect(businessDayBounds(t, AR)).toEqual({
      start: new Date('2026-11-21T03:00:00Z'),
      end: new Date('2026-11-22T03:00:00Z'),
    });
  });

  it('has 23- and 25-hour days across daylight-saving changes', () => {
    const spring = businessDayBounds(new Date('2026-03-29T12:00:00Z'), 'Europe/Madrid');
    expect(spring).toEqual({
      start: new Date('2026-03-28T23:00:00Z'),
      end: new Date('2026-03-29T22:00:00Z'),
    });
    const autumn = businessDayBounds(new Date('2026-10-25T12:00:00Z'), 'Europe/Madrid');
    expect(autumn).toEqual({
      start: new Date('2026-10-24T22:00:00Z'),
      end: new Date('2026-10-25T23:00:00Z'),
    });
  });

  it('ends a day at the first instant of the next when a DST change skips midnight (Havana)', () => {
    expect(businessDayBounds(new Date('2019-03-09T20:00:00Z'), 'America/Havana')).toEqual({
      start: new Date('2019-03-09T05:00:00Z'),
      end: new Date('2019-03-10T05:00:00Z'),
    });
  });

  it('bounds always contain the instant and exactly its business date', () => {
    const zones = [AR, 'Europe/Madrid', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland', 'UTC'];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (t, zone) => {
          const { start, end } = businessDayBounds(t, zone);
          const day = businessDate(t, zone);
          expect(start.getTime()).toBeLessThanOrEqual(t.getTime());
          expect(end.getTime()).toBeGreaterThan(t.getTime());
          expect(businessDate(start, zone)).toBe(day);
          expect(businessDate(new Date(end.getTime() - 1), zone)).toBe(day);
          expect(businessDate(new Date(start.getTime() - 1), zone)).not.toBe(day);
          expect(businessDate(end, zone)).not.toBe(day);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('MemoryLedger against the model', () => {
  it('accepts exactly the attempts the model accepts', () => {
    fc.assert(
      fc.property(arbitraryScenario(), ({ actions, attempts }) => {
        const ledger = new MemoryLedger(AR);
        const got = attempts.map(
          (a) =>
            ledger.tryAward(
              a.userId,
              a.actionKey,
              actions.find((x) => x.key === a.actionKey) ?? null,
              a.reference,
              a.at,
            ) === null,
        );
        expect(got).toEqual(acceptedByModel(actions, attempts, AR));
      }),
      { numRuns: 1000 },
    );
  });
});
