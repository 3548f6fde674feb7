import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = new Date('2026-11-20T15:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTime (docs/product.md#sellers thresholds)', () => {
  it.each([
    [0, 'Hace 0 minutos'],
    [MIN, 'Hace 1 minuto'],
    [59 * MIN, 'Hace 59 minutos'],
    [60 * MIN - 1, 'Hace 59 minutos'],
    [60 * MIN, 'Hace 1 hora'],
    [2 * HOUR, 'Hace 2 horas'],
    [23 * HOUR, 'Hace 23 horas'],
    [24 * HOUR - 1, 'Hace 23 horas'],
    [24 * HOUR, 'Hace 1 día'],
    [6 * DAY, 'Hace 6 días'],
    [7 * DAY - 1, 'Hace 6 días'],
  ])('%i ms ago reads "%s"', (ms, text) => {
    expect(relativeTime(ago(ms), NOW)).toBe(text);
  });

  it('from 7 days on shows the es-AR day, short month and year in the business time zone', () => {
    expect(relativeTime(ago(7 * DAY), NOW)).toBe('13 nov 2026');
    // 01:00 UTC on 1 Nov is still 31 Oct in Buenos Aires (UTC-3).
    expect(relativeTime('2026-11-01T01:00:00Z', NOW)).toBe('31 oct 2026');
  });

  it('reads a future instant as "Hace 0 minutos" and an invalid one as empty', () => {
    expect(relativeTime(new Date(NOW.getTime() + 5 * MIN).toISOString(), NOW)).toBe('Hace 0 minutos');
    expect(relativeTime('no es fecha', NOW)).toBe('');
  });
});
