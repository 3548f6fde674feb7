import { eventWhen } from './event-when';

const TZ = 'America/Argentina/Buenos_Aires';

describe('eventWhen', () => {
  it('writes a one-day event as its day and its hours, in the business time zone', () => {
    // 12:00Z is 09:00 in Buenos Aires (UTC-3).
    expect(eventWhen('2026-11-24T12:00:00Z', '2026-11-24T14:00:00Z', TZ)).toBe('mar 24 nov · 09:00 a 11:00');
  });

  it('writes both ends of an event that spans days', () => {
    expect(eventWhen('2026-11-24T12:00:00Z', '2026-11-26T21:00:00Z', TZ)).toBe(
      'mar 24 nov 09:00 → jue 26 nov 18:00',
    );
  });

  it('uses the business day, not UTC: 01:00Z on the 25th is still the 24th at 22:00', () => {
    expect(eventWhen('2026-11-25T01:00:00Z', '2026-11-25T02:00:00Z', TZ)).toBe('mar 24 nov · 22:00 a 23:00');
  });
});
