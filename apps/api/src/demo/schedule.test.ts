import { describe, expect, it } from 'vitest';
import { zonedInstant } from './schedule.ts';

describe('zonedInstant', () => {
  it('gives the instant of a Buenos Aires wall-clock hour (UTC-3)', () => {
    expect(zonedInstant(2026, 3, 2, 9, 'America/Argentina/Buenos_Aires').toISOString()).toBe(
      '2026-03-02T12:00:00.000Z',
    );
  });

  it('follows daylight saving time where the zone has it', () => {
    expect(zonedInstant(2026, 7, 1, 9, 'Europe/Madrid').toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(zonedInstant(2026, 1, 15, 9, 'Europe/Madrid').toISOString()).toBe('2026-01-15T08:00:00.000Z');
  });
});
