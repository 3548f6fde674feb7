import { describe, expect, it } from 'vitest';
import { defaultEventRange, isoToLocalInput, localInputToIso } from './date-input';

describe('datetime-local values in the business time zone (Buenos Aires, UTC-3)', () => {
  it('shows an instant as Buenos Aires wall time and reads it back', () => {
    expect(isoToLocalInput('2026-03-02T13:00:00.000Z')).toBe('2026-03-02T10:00');
    expect(localInputToIso('2026-03-02T10:00')).toBe('2026-03-02T13:00:00.000Z');
    expect(localInputToIso('2026-12-31T23:30')).toBe('2027-01-01T02:30:00.000Z');
  });

  it('turns blank or malformed values into "" (the form then says "Las fechas son requeridas")', () => {
    expect(localInputToIso('')).toBe('');
    expect(localInputToIso('mañana')).toBe('');
    expect(isoToLocalInput(null)).toBe('');
  });

  it('starts a new event at the next full hour and ends it two hours later', () => {
    expect(defaultEventRange(new Date('2026-03-02T13:20:00Z'))).toEqual({
      start: '2026-03-02T14:00:00.000Z',
      end: '2026-03-02T16:00:00.000Z',
    });
    // On the hour: the next one, not this one.
    expect(defaultEventRange(new Date('2026-03-02T13:00:00Z')).start).toBe('2026-03-02T14:00:00.000Z');
  });
});
