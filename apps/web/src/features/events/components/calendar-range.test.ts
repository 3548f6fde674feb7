import { describe, expect, it } from 'vitest';
import { toCalendarWallTime, visibleRange } from './calendar-range';

describe('calendar range and times (business time zone, UTC-3)', () => {
  it('asks for the visible weeks from Buenos Aires midnight to Buenos Aires midnight', () => {
    // March 2026 with Monday first and 6 weeks: Feb 23 to Apr 6.
    expect(visibleRange(new Date('2026-02-23T00:00:00Z'), new Date('2026-04-06T00:00:00Z'))).toEqual({
      from: '2026-02-23T03:00:00.000Z',
      to: '2026-04-06T03:00:00.000Z',
    });
  });

  it('places an event at its Buenos Aires wall time, also across midnight UTC', () => {
    expect(toCalendarWallTime('2026-03-10T01:30:00.000Z')).toBe('2026-03-09T22:30:00');
  });
});
