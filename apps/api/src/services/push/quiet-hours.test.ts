import { describe, expect, it } from 'vitest';
import { atLocalMinute, inWindow, quietRunAt, quietUntil } from './quiet-hours.ts';

const BA = 'America/Argentina/Buenos_Aires'; // UTC-3, no DST
const night = { start: 22 * 60, end: 8 * 60 }; // 22:00–08:00, crosses midnight
const siesta = { start: 13 * 60, end: 16 * 60 + 30 }; // 13:00–16:30, same day
/** A wall-clock time in Buenos Aires as an instant. */
const ba = (iso: string) => new Date(`${iso}-03:00`);

describe('inWindow', () => {
  it('takes [start, end) and wraps a window that crosses midnight', () => {
    expect(
      [21 * 60 + 59, 22 * 60, 23 * 60 + 59, 0, 7 * 60 + 59, 8 * 60].map((m) => inWindow(m, night)),
    ).toEqual([false, true, true, true, true, false]);
    expect([12 * 60 + 59, 13 * 60, 16 * 60 + 29, 16 * 60 + 30].map((m) => inWindow(m, siesta))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe('quietUntil (in APP_TIMEZONE)', () => {
  it('moves a push due at 23:00 to 08:00 the next morning', () => {
    expect(quietUntil(ba('2026-11-27T23:00:00'), night, BA)).toEqual(ba('2026-11-28T08:00:00'));
  });

  it('moves one due after midnight to 08:00 the same day, across a month and a year', () => {
    expect(quietUntil(ba('2026-11-28T03:15:00'), night, BA)).toEqual(ba('2026-11-28T08:00:00'));
    expect(quietUntil(ba('2026-11-30T22:00:00'), night, BA)).toEqual(ba('2026-12-01T08:00:00'));
    expect(quietUntil(ba('2026-12-31T23:59:59'), night, BA)).toEqual(ba('2027-01-01T08:00:00'));
  });

  it('lets a push go at the window edges: before its start and from its end on', () => {
    expect(quietUntil(ba('2026-11-27T21:59:59'), night, BA)).toBeNull();
    expect(quietUntil(ba('2026-11-28T08:00:00'), night, BA)).toBeNull();
    expect(quietUntil(ba('2026-11-27T12:00:00'), night, BA)).toBeNull();
  });

  it('handles a window inside one day', () => {
    expect(quietUntil(ba('2026-11-27T14:10:00'), siesta, BA)).toEqual(ba('2026-11-27T16:30:00'));
    expect(quietUntil(ba('2026-11-27T16:30:00'), siesta, BA)).toBeNull();
    expect(quietUntil(ba('2026-11-27T23:00:00'), siesta, BA)).toBeNull();
  });

  it('reads the wall clock of the configured zone, not UTC nor the machine', () => {
    // 23:00 in Buenos Aires is 02:00 UTC: in UTC the push would fall at 02:00, also quiet, but end at 08:00 UTC.
    const due = ba('2026-11-27T23:00:00');
    expect(quietUntil(due, night, 'UTC')).toEqual(new Date('2026-11-28T08:00:00Z'));
    expect(quietUntil(due, night, 'Asia/Tokyo')).toBeNull(); // 11:00 in Tokyo
    expect(quietUntil(due, night, 'Asia/Kolkata')).toEqual(new Date('2026-11-28T08:00:00+05:30'));
  });

  it('moves an end skipped by a clock jump forward by the gap (a zone with DST)', () => {
    // Madrid skips 02:00–03:00 on 2026-03-29; a 01:00–02:30 window ends at 03:30 CEST (01:30 UTC).
    const w = { start: 60, end: 150 };
    expect(quietUntil(new Date('2026-03-29T00:30:00Z'), w, 'Europe/Madrid')).toEqual(
      new Date('2026-03-29T01:30:00Z'),
    );
    expect(atLocalMinute({ year: 2026, month: 7, day: 1 }, 8 * 60, 'Europe/Madrid')).toEqual(
      new Date('2026-07-01T06:00:00Z'),
    );
  });
});

describe('quietRunAt', () => {
  it('keeps the due time without a window', () => {
    const due = ba('2026-11-27T23:00:00');
    expect(quietRunAt(due, null, BA)).toBe(due);
    expect(quietRunAt(due, night, BA)).toEqual(ba('2026-11-28T08:00:00'));
  });
});
