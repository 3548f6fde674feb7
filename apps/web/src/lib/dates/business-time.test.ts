import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './business-time';

describe('dates', () => {
  it('shows instants in the business time zone (Buenos Aires, UTC-3)', () => {
    expect(formatDateTime('2026-03-01T02:30:00.000Z')).toBe('28-02-2026 23:30');
    expect(formatDate('2026-03-01T02:30:00.000Z')).toBe('28/02/2026');
  });

  it('shows nothing for a missing or invalid date', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('no-es-fecha')).toBe('');
  });
});
