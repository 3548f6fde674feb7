import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, eventCalendar, foldLine, localStamp, offsetTransitions, vtimezone } from './ical.ts';

describe('iCalendar', () => {
  it('escapes backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'ñ'.repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const [i, part] of parts.entries()) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
    }
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT')).toBe('SHORT');
  });

  it('writes wall-clock times of the business zone', () => {
    // 13:00 UTC is 10:00 in Buenos Aires (UTC-3, no DST).
    expect(localStamp(new Date('2026-11-24T13:00:00Z'), 'America/Argentina/Buenos_Aires')).toBe(
      '20261124T100000',
    );
  });

  it('finds the real DST changes of a zone, to the second', () => {
    const changes = offsetTransitions(
      'Europe/Madrid',
      new Date('2026-01-01T00:00:00Z'),
      new Date('2027-01-01T00:00:00Z'),
    );
    expect(changes.map((c) => c.at.toISOString())).toEqual([
      '2026-03-29T01:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
    ]);
    // An event across the autumn change: the observance at its start and the change, nothing else.
    const tz = vtimezone('Europe/Madrid', new Date('2026-10-24T12:00:00Z'), new Date('2026-10-26T12:00:00Z'));
    expect(tz.join('\n')).toBe(
      [
        'BEGIN:VTIMEZONE',
        'TZID:Europe/Madrid',
        'BEGIN:STANDARD\nDTSTART:20261024T140000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0200\nEND:STANDARD',
        // Back at 03:00 local (+0200 → +0100).
        'BEGIN:STANDARD\nDTSTART:20261025T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100\nEND:STANDARD',
        'END:VTIMEZONE',
      ].join('\n'),
    );
    // Spring forward at 02:00 local (+0100 → +0200).
    const spring = vtimezone(
      'Europe/Madrid',
      new Date('2026-03-28T12:00:00Z'),
      new Date('2026-03-30T12:00:00Z'),
    );
    expect(spring.join('\n')).toContain(
      'BEGIN:DAYLIGHT\nDTSTART:20260329T020000\nTZOFFSETFROM:+0100\nTZOFFSETTO:+0200\nEND:DAYLIGHT',
    );
  });

  it('builds the VTIMEZONE from the changes the event spans only (issue 20, item 3)', () => {
    // A one-hour event in June: no change of the year is in it.
    const june = vtimezone(
      'Europe/Madrid',
      new Date('2026-06-01T00:00:00Z'),
      new Date('2026-06-01T01:00:00Z'),
    );
    expect(june.filter((l) => l.startsWith('BEGIN:'))).toEqual(['BEGIN:VTIMEZONE', 'BEGIN:STANDARD']);
    expect(june).toContain('TZOFFSETTO:+0200');
    // A year-long event (the longest the door accepts) carries that year's two changes.
    const year = vtimezone(
      'Europe/Madrid',
      new Date('2026-01-01T00:00:00Z'),
      new Date('2027-01-01T00:00:00Z'),
    );
    expect(year.filter((l) => l.startsWith('DTSTART:'))).toEqual([
      'DTSTART:20260101T010000',
      'DTSTART:20260329T020000',
      'DTSTART:20261025T030000',
    ]);
  });

  it('answers an event from year 1 to 9999 (a row from before the date bounds) from two windows, right at both ends', () => {
    const from = new Date('0001-01-01T00:00:00Z');
    const to = new Date('9999-12-31T00:00:00Z');
    const tz = vtimezone('Europe/Madrid', from, to);
    const dtstarts = tz.filter((l) => l.startsWith('DTSTART:'));
    // The observance at the start, the changes of 400 days at each end, and one that restates the offset.
    expect(dtstarts.length).toBeLessThan(10);
    const offsets = tz.filter((l) => l.startsWith('TZOFFSETTO:'));
    expect(offsets.at(-1)).toBe('TZOFFSETTO:+0100');
    // The work is capped: a wider search is refused rather than run.
    expect(() => offsetTransitions('Europe/Madrid', from, to)).toThrow(RangeError);
  });

  it('gives a zone without DST one observance', () => {
    const tz = vtimezone(
      'America/Argentina/Buenos_Aires',
      new Date('2026-11-24T13:00:00Z'),
      new Date('2026-11-24T15:00:00Z'),
    );
    expect(tz.filter((l) => l.startsWith('BEGIN:'))).toEqual(['BEGIN:VTIMEZONE', 'BEGIN:STANDARD']);
    expect(tz).toContain('TZOFFSETTO:-0300');
  });

  it('is one VCALENDAR with CRLF lines and the event in the zone', () => {
    const ics = eventCalendar(
      {
        uid: '7-evento@panel.test',
        title: 'Capacitación; ventas, Q4',
        description: 'Línea 1\nLínea 2',
        category: 'Reunión',
        startAt: new Date('2026-11-24T13:00:00Z'),
        endAt: new Date('2026-11-24T15:30:00Z'),
      },
      'America/Argentina/Buenos_Aires',
      new Date('2026-11-20T12:00:00Z'),
    );
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(ics).toContain('DTSTART;TZID=America/Argentina/Buenos_Aires:20261124T100000\r\n');
    expect(ics).toContain('DTEND;TZID=America/Argentina/Buenos_Aires:20261124T123000\r\n');
    expect(ics).toContain('DTSTAMP:20261120T120000Z\r\n');
    expect(ics).toContain('SUMMARY:Capacitación\\; ventas\\, Q4\r\n');
    expect(ics).toContain('DESCRIPTION:Línea 1\\nLínea 2\r\n');
    expect(ics).toContain('UID:7-evento@panel.test\r\n');
  });
});

/**
 * An outside reader: ical.js (Mozilla's, Thunderbird's parser) reads the file back, takes the
 * VTIMEZONE as the zone's definition and turns DTSTART and DTEND into instants. They must be the
 * event's own, across DST changes, for a zone west of UTC without DST, and for a row stored before the
 * date bounds (two scan windows).
 */
describe('iCalendar read back by ical.js', () => {
  function readBack(ics: string, tzid: string) {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const zones = calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual([tzid]);
    ICAL.TimezoneService.register(zones[0]!);
    try {
      const vevent = calendar.getFirstSubcomponent('vevent')!;
      const event = new ICAL.Event(vevent);
      // Read in the VTIMEZONE that came with the file, not as a floating time.
      expect(event.startDate.zone?.tzid).toBe(tzid);
      expect(event.endDate.zone?.tzid).toBe(tzid);
      return {
        start: event.startDate.toJSDate(),
        end: event.endDate.toJSDate(),
        summary: event.summary,
        description: event.description,
        uid: event.uid,
        stamp: vevent.getFirstPropertyValue('dtstamp') as ICAL.Time,
      };
    } finally {
      ICAL.TimezoneService.remove(tzid);
    }
  }

  // The row from year 1000 starts under Madrid's local mean time, −00:14:44: the VTIMEZONE says
  // -001444 (RFC 5545 §3.3.14 allows the seconds) and ical.js reads offsets to the minute, 44 s off.
  const cases: [string, string, string, string, number?][] = [
    [
      'Buenos Aires, two hours',
      'America/Argentina/Buenos_Aires',
      '2026-11-24T13:00:00Z',
      '2026-11-24T15:30:00Z',
    ],
    ['Madrid, across the autumn change', 'Europe/Madrid', '2026-10-24T12:00:00Z', '2026-10-26T12:00:00Z'],
    ['Madrid, across the spring change', 'Europe/Madrid', '2026-03-28T12:00:00Z', '2026-03-30T12:00:00Z'],
    [
      'New York, a whole year (the longest the door accepts)',
      'America/New_York',
      '2099-01-01T15:00:00Z',
      '2100-01-01T15:00:00Z',
    ],
    [
      'Madrid, a row stored before the bounds',
      'Europe/Madrid',
      '1000-01-01T12:00:00Z',
      '9999-12-31T12:00:00Z',
      44,
    ],
  ];
  it.each(cases)('%s: the same instants, text and UID', (_name, zone, from, to, offsetSeconds = 0) => {
    const title = 'Capacitación; ventas, Q4 — «ñandú» 😀 '.repeat(4).trim();
    const ics = eventCalendar(
      {
        uid: '7-evento@panel.test',
        title,
        description: 'Línea 1\nLínea 2, con \\ y ;',
        category: 'Reunión',
        startAt: new Date(from),
        endAt: new Date(to),
      },
      zone,
      new Date('2026-11-20T12:00:00Z'),
    );
    const read = readBack(ics, zone);
    expect((new Date(from).getTime() - read.start.getTime()) / 1000).toBe(offsetSeconds);
    expect(read.end.toISOString()).toBe(new Date(to).toISOString());
    expect(read.summary).toBe(title);
    expect(read.description).toBe('Línea 1\nLínea 2, con \\ y ;');
    expect(read.uid).toBe('7-evento@panel.test');
    // DTSTAMP is UTC (RFC 5545 §3.8.7.2).
    expect(read.stamp.zone).toBe(ICAL.Timezone.utcTimezone);
    expect(read.stamp.toString()).toBe('2026-11-20T12:00:00Z');
  });
});
