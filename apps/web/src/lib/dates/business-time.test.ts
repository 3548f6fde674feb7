import { describe, expect, it } from 'vitest';
import { dayjs, formatDate, formatDateTime } from './business-time';
import { businessTimeZone, setBusinessTimeZone } from './time-zone';

describe('dates', () => {
  it('shows instants in the business time zone (Buenos Aires, UTC-3)', () => {
    expect(formatDateTime('2026-03-01T02:30:00.000Z')).toBe('28-02-2026 23:30');
    expect(formatDate('2026-03-01T02:30:00.000Z')).toBe('28/02/2026');
  });

  it('gives the same text as dayjs for every numeric pattern, across a year and a DST-free zone', () => {
    for (let day = 0; day < 366; day += 7) {
      const iso = new Date(
        Date.UTC(2026, 0, 1, (day * 5) % 24, (day * 13) % 60) + day * 86_400_000,
      ).toISOString();
      for (const pattern of ['DD-MM-YYYY HH:mm', 'DD/MM/YYYY HH:mm', 'DD/MM/YYYY']) {
        expect(formatDateTime(iso, pattern), `${iso} ${pattern}`).toBe(
          dayjs(iso).tz(businessTimeZone()).format(pattern),
        );
      }
    }
    expect(formatDateTime('2026-03-01T02:30:00.000Z', 'dddd D [de] MMMM, HH:mm')).toBe(
      'sábado 28 de febrero, 23:30',
    );
  });

  it('shows nothing for a missing or invalid date', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('no-es-fecha')).toBe('');
  });
});

describe('the business time zone the server names', () => {
  it('shows every date in the zone GET /api/me named, remembers it, and ignores an unknown name', () => {
    try {
      setBusinessTimeZone('Asia/Tokyo');
      expect(businessTimeZone()).toBe('Asia/Tokyo');
      expect(formatDateTime('2026-03-01T02:30:00.000Z')).toBe('01-03-2026 11:30');
      expect(localStorage.getItem('panel-time-zone')).toBe('Asia/Tokyo');
      setBusinessTimeZone('Marte/Olympus_Mons');
      expect(businessTimeZone()).toBe('Asia/Tokyo');
    } finally {
      setBusinessTimeZone('America/Argentina/Buenos_Aires');
    }
    expect(formatDateTime('2026-03-01T02:30:00.000Z')).toBe('28-02-2026 23:30');
  });
});
