import { MONTHS, timeAgo, timeUntil } from './time-ago';

const now = new Date('2026-11-24T15:00:00-03:00');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('timeAgo', () => {
  it('says "recién" under a minute, and for a time slightly ahead (a fast server clock)', () => {
    expect(timeAgo(ago(0), now)).toBe('recién');
    expect(timeAgo(ago(59_000), now)).toBe('recién');
    expect(timeAgo(new Date(now.getTime() + 5_000), now)).toBe('recién');
  });

  it('counts minutes under an hour, hours under 24 h and days under 7 days (docs/product.md#constants thresholds)', () => {
    expect(timeAgo(ago(MIN), now)).toBe('hace 1 minuto');
    expect(timeAgo(ago(59 * MIN), now)).toBe('hace 59 minutos');
    expect(timeAgo(ago(HOUR), now)).toBe('hace 1 hora');
    expect(timeAgo(ago(23 * HOUR + 59 * MIN), now)).toBe('hace 23 horas');
    expect(timeAgo(ago(DAY), now)).toBe('ayer');
    expect(timeAgo(ago(2 * DAY), now)).toBe('anteayer');
    expect(timeAgo(ago(6 * DAY), now)).toBe('hace 6 días');
  });

  it("words every count as Intl.RelativeTimeFormat('es', { numeric: 'auto' }) does", () => {
    const intl = new Intl.RelativeTimeFormat('es', { numeric: 'auto' });
    for (let n = 1; n < 60; n++) expect(timeAgo(ago(n * MIN), now)).toBe(intl.format(-n, 'minute'));
    for (let n = 1; n < 24; n++) expect(timeAgo(ago(n * HOUR), now)).toBe(intl.format(-n, 'hour'));
    for (let n = 1; n < 7; n++) expect(timeAgo(ago(n * DAY), now)).toBe(intl.format(-n, 'day'));
  });

  it('shows the date from 7 days on, with the year only when it is another year', () => {
    expect(timeAgo(ago(7 * DAY), now)).toBe('17 nov');
    expect(timeAgo(new Date(2025, 2, 2, 12), now)).toBe('2 mar 2025');
  });

  it("names the months as Intl.DateTimeFormat('es-AR', { month: 'short' }) does", () => {
    const intl = new Intl.DateTimeFormat('es-AR', { day: 'numeric', month: 'short' });
    for (let month = 0; month < 12; month++) {
      const date = new Date(2026, month, 2, 12);
      expect(intl.format(date).replace('.', '')).toBe(`2 ${MONTHS[month]}`);
      if (month < 10) expect(timeAgo(date, now)).toBe(`2 ${MONTHS[month]}`);
    }
  });

  it("accepts the API's ISO text and gives an empty text for a broken one", () => {
    expect(timeAgo(ago(3 * HOUR).toISOString(), now)).toBe('hace 3 horas');
    expect(timeAgo('not a date', now)).toBe('');
  });
});

describe('timeUntil', () => {
  const now = new Date(2026, 10, 24, 12);
  const later = (ms: number) => new Date(now.getTime() + ms);
  it('says how long until a close: under an hour, hours up to two days, then days', () => {
    expect(timeUntil(later(30 * MIN), now)).toBe('en menos de una hora');
    expect(timeUntil(later(HOUR), now)).toBe('en 1 hora');
    expect(timeUntil(later(47 * HOUR + 59 * MIN), now)).toBe('en 47 horas');
    expect(timeUntil(later(2 * DAY), now)).toBe('en 2 días');
    expect(timeUntil(later(0), now)).toBe('ya');
    expect(timeUntil('not a date', now)).toBe('');
  });
});
