import { describe, expect, it } from 'vitest';
import { eventWhen } from './event-details-dialog';

describe('when an event happens, in words (business time zone, Buenos Aires)', () => {
  const now = new Date('2026-11-26T15:00:00Z');
  it('names the day once when it starts and ends the same day', () => {
    expect(eventWhen({ start_at: '2026-11-28T12:00:00.000Z', end_at: '2026-11-28T14:30:00.000Z' }, now)).toBe(
      'sábado 28 de noviembre, 09:00 a 11:30',
    );
  });
  it('names both days when it spans more than one, by the business day, not the UTC one', () => {
    // 22:00 to 01:00 in Buenos Aires is the 28th to the 29th there (01:00 to 04:00 UTC on the 29th).
    expect(eventWhen({ start_at: '2026-11-29T01:00:00.000Z', end_at: '2026-11-29T04:00:00.000Z' }, now)).toBe(
      'sábado 28 de noviembre, 22:00 al domingo 29 de noviembre, 01:00',
    );
  });
});
