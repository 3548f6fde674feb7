import { describe, expect, it } from 'vitest';
import { scheduledLabel } from './scheduled-label';

const NOW = new Date('2026-12-04T15:00:00Z');

describe('scheduledLabel', () => {
  it('names the day, date, month and time in the business time zone', () => {
    expect(scheduledLabel('2026-12-07T11:00:00.000Z', NOW, 'America/Argentina/Buenos_Aires')).toBe(
      'Programada · lun 7 dic, 08:00',
    );
    // 01:30 UTC on the 9th is still Tuesday the 8th, 22:30, in Buenos Aires.
    expect(scheduledLabel('2026-12-09T01:30:00.000Z', NOW, 'America/Argentina/Buenos_Aires')).toBe(
      'Programada · mar 8 dic, 22:30',
    );
    expect(scheduledLabel('2026-12-09T01:30:00.000Z', NOW, 'Asia/Tokyo')).toBe(
      'Programada · mié 9 dic, 10:30',
    );
  });

  it('names the year when it is not this one', () => {
    expect(scheduledLabel('2027-01-04T12:00:00.000Z', NOW, 'America/Argentina/Buenos_Aires')).toBe(
      'Programada · lun 4 ene 2027, 09:00',
    );
  });
});
