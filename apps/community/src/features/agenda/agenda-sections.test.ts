import type { TAppAgenda, TAppEvent } from '@panel/shared';
import { agendaSections, dayKey } from './agenda-sections';

const TZ = 'America/Argentina/Buenos_Aires';
const event = (id: number, start: string, end: string): TAppEvent => ({
  id,
  title: `Evento ${id}`,
  description: null,
  branch_id: null,
  branch_name: null,
  type: { id: 1, name: 'Reunión', color: '#0b6c72' },
  start_at: start,
  end_at: end,
  ics_url: `/api/app/events/${id}.ics`,
});

// Wednesday 2026-11-25, 12:00 in Buenos Aires (UTC-3).
const NOW = Date.parse('2026-11-25T15:00:00Z');

describe('agendaSections', () => {
  it('puts today’s open events first, then the later ones, and the ended ones under Anteriores, latest first', () => {
    const agenda: TAppAgenda = {
      time_zone: TZ,
      week_start: '2026-11-24T03:00:00.000Z',
      week_end: '2026-12-01T03:00:00.000Z',
      this_week: [
        event(1, '2026-11-24T12:00:00Z', '2026-11-24T13:00:00Z'), // Tuesday, ended
        event(2, '2026-11-25T11:00:00Z', '2026-11-25T12:00:00Z'), // today 08:00–09:00, ended
        event(3, '2026-11-25T20:00:00Z', '2026-11-25T21:00:00Z'), // today 17:00
        event(4, '2026-11-24T12:00:00Z', '2026-11-26T21:00:00Z'), // began yesterday, still running
        event(5, '2026-11-27T12:00:00Z', '2026-11-27T13:00:00Z'), // Friday
        // Today 23:30 in Buenos Aires is already tomorrow in UTC: still today.
        event(6, '2026-11-26T02:30:00Z', '2026-11-26T03:00:00Z'),
      ],
      coming: [event(7, '2026-12-03T12:00:00Z', '2026-12-03T13:00:00Z')],
    };
    const s = agendaSections(agenda, NOW);
    expect(s.today.map((e) => e.id)).toEqual([4, 3, 6]);
    // Today's 08:00–09:00 ended: still today's, as ended; not among the earlier days' under Anteriores.
    expect(s.endedToday.map((e) => e.id)).toEqual([2]);
    expect(s.next.map((e) => e.id)).toEqual([5, 7]);
    expect(s.past.map((e) => e.id)).toEqual([1]);
  });

  it("keeps today's only event under today once it has ended, and one that ended at 00:00 under Anteriores", () => {
    const agenda: TAppAgenda = {
      time_zone: TZ,
      week_start: '2026-11-24T03:00:00.000Z',
      week_end: '2026-12-01T03:00:00.000Z',
      // Today 09:00–10:00 in Buenos Aires; yesterday 22:00 to today's 00:00.
      this_week: [
        event(1, '2026-11-25T12:00:00Z', '2026-11-25T13:00:00Z'),
        event(2, '2026-11-25T01:00:00Z', '2026-11-25T03:00:00Z'),
      ],
      coming: [],
    };
    const s = agendaSections(agenda, NOW);
    expect(s.today).toEqual([]);
    expect(s.endedToday.map((e) => e.id)).toEqual([1]);
    expect(s.past.map((e) => e.id)).toEqual([2]);
  });

  it('reads the day in the business time zone', () => {
    expect(dayKey('2026-11-26T02:30:00Z', TZ)).toBe('2026-11-25');
    expect(dayKey('2026-11-26T03:00:00Z', TZ)).toBe('2026-11-26');
  });
});
