import { describe, expect, it } from 'vitest';
import {
  DATE_MSG,
  dayBoundary,
  defaultEventRange,
  describeDate,
  describeDateTime,
  formatDayFirstDate,
  formatDayFirstDateTime,
  instantParts,
  isInstant,
  parseDayFirstDate,
  parseDayFirstDateTime,
} from './day-first';

const BA = 'America/Argentina/Buenos_Aires';
const ok = (value: string) => ({ kind: 'ok', value });
const invalid = (message: string) => ({ kind: 'invalid', message });

describe('typing a date and time day first (business time zone)', () => {
  it('reads 28/11/2026 09:30 as 09:30 in Buenos Aires (12:30 UTC), not in the browser zone', () => {
    expect(parseDayFirstDateTime('28/11/2026 09:30', {}, BA)).toEqual(ok('2026-11-28T12:30:00.000Z'));
    // The same text in another business zone is another instant: only the zone decides.
    expect(parseDayFirstDateTime('28/11/2026 09:30', {}, 'Asia/Tokyo')).toEqual(
      ok('2026-11-28T00:30:00.000Z'),
    );
    expect(parseDayFirstDateTime('28/11/2026 09:30', {}, 'Europe/Madrid')).toEqual(
      ok('2026-11-28T08:30:00.000Z'),
    );
  });

  it('never reads the day as the month: 03/04 is the 3rd of April, and 13/04 is a day, not an error', () => {
    expect(parseDayFirstDateTime('03/04/2026 10:00', {}, BA)).toEqual(ok('2026-04-03T13:00:00.000Z'));
    expect(parseDayFirstDateTime('13/04/2026 10:00', {}, BA)).toEqual(ok('2026-04-13T13:00:00.000Z'));
  });

  it('takes the ways people type it: one digit, dashes, dots, two-digit years, no separators, "hs"', () => {
    const expected = ok('2026-03-05T12:05:00.000Z');
    for (const text of [
      '5/3/2026 9:05',
      '05-03-2026 09:05',
      '05.03.2026 09.05',
      '5/3/26 9:05',
      '05032026 0905',
      '  05/03/2026,   09:05 ',
      '05/03/2026 09:05 hs',
      '05/03/2026 9h05',
    ]) {
      expect(parseDayFirstDateTime(text, {}, BA), text).toEqual(expected);
    }
  });

  it('crosses midnight in UTC: late evening in Buenos Aires is the next day in UTC', () => {
    expect(parseDayFirstDateTime('31/12/2026 23:30', {}, BA)).toEqual(ok('2027-01-01T02:30:00.000Z'));
  });

  it('says what is wrong, in Spanish', () => {
    expect(parseDayFirstDateTime('', {}, BA)).toEqual({ kind: 'empty' });
    expect(parseDayFirstDateTime('   ', {}, BA)).toEqual({ kind: 'empty' });
    expect(parseDayFirstDateTime('mañana', {}, BA)).toEqual(invalid(DATE_MSG.format));
    expect(parseDayFirstDateTime('2026-11-28 09:30', {}, BA)).toEqual(invalid(DATE_MSG.format));
    expect(parseDayFirstDateTime('28/11/2026', {}, BA)).toEqual(invalid(DATE_MSG.missingTime));
    expect(parseDayFirstDateTime('30/02/2026 10:00', {}, BA)).toEqual(invalid('El 30/02/2026 no existe'));
    expect(parseDayFirstDateTime('28/13/2026 10:00', {}, BA)).toEqual(invalid('El 28/13/2026 no existe'));
    expect(parseDayFirstDateTime('28/11/2026 24:00', {}, BA)).toEqual(invalid(DATE_MSG.time));
    expect(parseDayFirstDateTime('28/11/2026 09:60', {}, BA)).toEqual(invalid(DATE_MSG.time));
    expect(parseDayFirstDateTime('11/28/2026 09:30 PM', {}, BA)).toEqual(invalid(DATE_MSG.format));
  });

  it('reads a day alone as the start or the end of that business day where the field says so', () => {
    // A survey's start: 00:00 in Buenos Aires; its end: the day's last instant, 23:59:59.999.
    expect(parseDayFirstDateTime('28/11/2026', {}, BA, 'start')).toEqual(ok('2026-11-28T03:00:00.000Z'));
    expect(parseDayFirstDateTime('28/11/2026', {}, BA, 'end')).toEqual(ok('2026-11-29T02:59:59.999Z'));
    expect(parseDayFirstDateTime('5.3.26', {}, BA, 'end')).toEqual(ok('2026-03-06T02:59:59.999Z'));
    // In another business zone, that zone's day.
    expect(parseDayFirstDateTime('28/11/2026', {}, 'Asia/Tokyo', 'start')).toEqual(
      ok('2026-11-27T15:00:00.000Z'),
    );
    // The end of a day whose midnight moves (Madrid's spring change): still the instant before the next day.
    expect(dayBoundary('2026-03-28', 'end', 'Europe/Madrid')).toBe('2026-03-28T22:59:59.999Z');
    expect(dayBoundary('2026-03-29', 'end', 'Europe/Madrid')).toBe('2026-03-29T21:59:59.999Z');
    // A time typed wins; a day that does not exist is still refused; no dayAlone still asks for the time.
    expect(parseDayFirstDateTime('28/11/2026 09:30', {}, BA, 'end')).toEqual(ok('2026-11-28T12:30:00.000Z'));
    expect(parseDayFirstDateTime('31/04/2026', {}, BA, 'start')).toEqual(invalid('El 31/04/2026 no existe'));
    expect(parseDayFirstDateTime('28/11/2026', {}, BA)).toEqual(invalid(DATE_MSG.missingTime));
    // Bounds apply to the instant it reads as.
    expect(parseDayFirstDateTime('28/11/2026', { min: '2026-11-28T12:00:00.000Z' }, BA, 'start').kind).toBe(
      'invalid',
    );
  });

  it('keeps within the bounds it is given', () => {
    const bounds = { min: '2026-01-01T03:00:00.000Z', max: '2027-01-01T02:59:00.000Z' };
    expect(parseDayFirstDateTime('31/12/2025 23:59', bounds, BA)).toEqual(
      invalid('La fecha debe ser desde el 01/01/2026 00:00'),
    );
    expect(parseDayFirstDateTime('01/01/2026 00:00', bounds, BA).kind).toBe('ok');
    expect(parseDayFirstDateTime('31/12/2026 23:59', bounds, BA).kind).toBe('ok');
    expect(parseDayFirstDateTime('01/01/2027 00:00', bounds, BA)).toEqual(
      invalid('La fecha debe ser hasta el 31/12/2026 23:59'),
    );
  });
});

describe('typing a day (filters)', () => {
  it('reads dd/mm/aaaa as a business day', () => {
    expect(parseDayFirstDate('09/03/2026')).toEqual(ok('2026-03-09'));
    expect(parseDayFirstDate(' 1/2/26 ')).toEqual(ok('2026-02-01'));
    expect(parseDayFirstDate('01022026')).toEqual(ok('2026-02-01'));
  });

  it('refuses days that do not exist, other formats and days out of bounds', () => {
    expect(parseDayFirstDate('')).toEqual({ kind: 'empty' });
    expect(parseDayFirstDate('30/02/2026')).toEqual(invalid('El 30/02/2026 no existe'));
    expect(parseDayFirstDate('2026-03-09')).toEqual(invalid(DATE_MSG.formatDay));
    expect(parseDayFirstDate('09/03/2026 10:00')).toEqual(invalid(DATE_MSG.formatDay));
    expect(parseDayFirstDate('09/03/2026', { min: '2026-03-10' })).toEqual(
      invalid('La fecha debe ser desde el 10/03/2026'),
    );
    expect(parseDayFirstDate('11/03/2026', { max: '2026-03-10' })).toEqual(
      invalid('La fecha debe ser hasta el 10/03/2026'),
    );
  });
});

describe('showing a date', () => {
  it('shows an instant as the input takes it back, in the business zone', () => {
    expect(formatDayFirstDateTime('2026-11-28T12:30:00.000Z', BA)).toBe('28/11/2026 09:30');
    expect(formatDayFirstDateTime('2026-11-28T12:30:00.000Z', 'Asia/Tokyo')).toBe('28/11/2026 21:30');
    expect(formatDayFirstDateTime('no', BA)).toBe('');
    expect(formatDayFirstDate('2026-03-09')).toBe('09/03/2026');
    expect(instantParts('2027-01-01T02:30:00.000Z', BA)).toEqual({ day: '2026-12-31', time: '23:30' });
  });

  it('round-trips: what is shown reads back as the same instant, whatever the zone', () => {
    for (const zone of [BA, 'Asia/Tokyo', 'Europe/Madrid', 'UTC']) {
      for (let i = 0; i < 400; i += 1) {
        const iso = new Date(Date.UTC(2026, 0, 1) + i * 21_960_000).toISOString();
        const text = formatDayFirstDateTime(iso, zone);
        expect(parseDayFirstDateTime(text, {}, zone), `${zone} ${text}`).toEqual(ok(iso));
      }
    }
  });

  it('says the instant in words, naming the year only when it is not this one', () => {
    const now = new Date('2026-11-26T15:00:00Z');
    expect(describeDateTime('2026-11-28T12:30:00.000Z', BA, now)).toBe('sábado 28 de noviembre, 09:30');
    expect(describeDateTime('2029-01-05T21:00:00.000Z', BA, now)).toBe('viernes 5 de enero de 2029, 18:00');
    expect(describeDate('2026-11-26', BA, now)).toBe('jueves 26 de noviembre');
    expect(describeDate('2027-11-26', BA, now)).toBe('viernes 26 de noviembre de 2027');
  });

  it('tells an instant (what a form gets from a readable text) from text that did not read', () => {
    expect(isInstant('2026-11-28T12:30:00.000Z')).toBe(true);
    expect(isInstant('2026-11-28T09:30:00-03:00')).toBe(true);
    expect(isInstant('28/11/2026 09:30')).toBe(false);
    expect(isInstant(null)).toBe(false);
  });
});

describe('a new event', () => {
  it('starts at the next full hour and ends two hours later', () => {
    expect(defaultEventRange(new Date('2026-03-02T13:20:00Z'))).toEqual({
      start: '2026-03-02T14:00:00.000Z',
      end: '2026-03-02T16:00:00.000Z',
    });
    // On the hour: the next one, not this one.
    expect(defaultEventRange(new Date('2026-03-02T13:00:00Z')).start).toBe('2026-03-02T14:00:00.000Z');
  });
});
