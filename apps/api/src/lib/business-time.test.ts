import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayRange,
  isoDay,
  lastDays,
  localDay,
  periodRange,
  startOfLocalDay,
} from './business-time.ts';

const BA = 'America/Argentina/Buenos_Aires';

describe('startOfLocalDay', () => {
  it('is midnight in Buenos Aires (UTC-3)', () => {
    expect(startOfLocalDay({ year: 2026, month: 3, day: 9 }, BA).toISOString()).toBe(
      '2026-03-09T03:00:00.000Z',
    );
  });

  it.each([BA, 'Europe/Madrid', 'America/Santiago', 'America/New_York', 'Asia/Kolkata', 'UTC'])(
    'is the first instant of every day of 2026 in %s (DST changes included)',
    (tz) => {
      let day = { year: 2026, month: 1, day: 1 };
      for (let i = 0; i < 366; i++) {
        const start = startOfLocalDay(day, tz);
        expect(isoDay(localDay(start, tz)), `${isoDay(day)} ${tz}`).toBe(isoDay(day));
        expect(isoDay(localDay(new Date(start.getTime() - 1), tz)), `${isoDay(day)} ${tz}`).toBe(
          isoDay(addDays(day, -1)),
        );
        day = addDays(day, 1);
      }
    },
  );

  it.each([
    ['America/Havana', '2019-03-10', '2019-03-10T05:00:00.000Z'], // midnight skipped, west of UTC
    ['Asia/Tehran', '2021-03-22', '2021-03-21T20:30:00.000Z'], // midnight skipped, east of UTC
    ['Asia/Amman', '2019-10-25', '2019-10-24T21:00:00.000Z'], // midnight twice (clocks back at 01:00)
  ])(
    'is the first instant of a day whose midnight a DST change skips or repeats (%s, %s)',
    (tz, day, start) => {
      const [year, month, d] = day.split('-').map(Number) as [number, number, number];
      expect(startOfLocalDay({ year, month, day: d }, tz).toISOString()).toBe(start);
    },
  );
});

describe('periodRange', () => {
  // 02:30 UTC on Sunday 1 March 2026 is still Saturday 28 February, 23:30, in Buenos Aires.
  const lateFebruary = new Date('2026-03-01T02:30:00Z');

  it('monthly: the calendar month of the business time zone, not of UTC', () => {
    const r = periodRange('monthly', lateFebruary, BA);
    expect(r.from?.toISOString()).toBe('2026-02-01T03:00:00.000Z');
    expect(r.to?.toISOString()).toBe('2026-03-01T03:00:00.000Z');
  });

  it('monthly: December rolls over into January of the next year', () => {
    const r = periodRange('monthly', new Date('2026-12-31T20:00:00Z'), BA);
    expect(r.from?.toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(r.to?.toISOString()).toBe('2027-01-01T03:00:00.000Z');
  });

  it('weekly: Monday to Sunday, local', () => {
    // Saturday 28 February (local) belongs to the week of Monday 23 February.
    const r = periodRange('weekly', lateFebruary, BA);
    expect(r.from?.toISOString()).toBe('2026-02-23T03:00:00.000Z');
    expect(r.to?.toISOString()).toBe('2026-03-02T03:00:00.000Z');
  });

  it('weekly: a Sunday belongs to the week that began the Monday before; a Monday starts its own', () => {
    const sunday = periodRange('weekly', new Date('2026-03-08T23:00:00Z'), BA); // Sun 8 March, 20:00
    expect(sunday.from?.toISOString()).toBe('2026-03-02T03:00:00.000Z');
    const monday = periodRange('weekly', new Date('2026-03-09T03:00:00Z'), BA); // Mon 9 March, 00:00
    expect(monday.from?.toISOString()).toBe('2026-03-09T03:00:00.000Z');
  });

  it('weekly: across a month and a year boundary', () => {
    const r = periodRange('weekly', new Date('2027-01-01T12:00:00Z'), BA); // Friday 1 January 2027
    expect(r.from?.toISOString()).toBe('2026-12-28T03:00:00.000Z');
    expect(r.to?.toISOString()).toBe('2027-01-04T03:00:00.000Z');
  });

  it('all_time has no bounds', () => {
    expect(periodRange('all_time', lateFebruary, BA)).toEqual({ from: null, to: null });
  });
});

describe('lastDays and dayRange', () => {
  it('lists the last 30 local days, oldest first, ending today', () => {
    const { days, from } = lastDays(30, new Date('2026-03-01T02:30:00Z'), BA);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe('2026-02-28');
    expect(days[0]).toBe('2026-01-30');
    expect(from.toISOString()).toBe('2026-01-30T03:00:00.000Z');
  });

  it('turns inclusive local days into a half-open instant range', () => {
    const r = dayRange('2026-02-01', '2026-02-28', BA);
    expect(r.from?.toISOString()).toBe('2026-02-01T03:00:00.000Z');
    expect(r.to?.toISOString()).toBe('2026-03-01T03:00:00.000Z');
    expect(dayRange(undefined, undefined, BA)).toEqual({ from: null, to: null });
  });
});
