import { describe, expect, it } from 'vitest';
import { EVENT_MSG, ZEventInput, ZEventListQuery, ZEventTypeInput } from '../index.ts';

const valid = {
  title: 'Capacitación',
  start_at: '2026-03-02T13:00:00.000Z',
  end_at: '2026-03-02T15:00:00.000Z',
};

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('ZEventInput', () => {
  it('defaults type 1 and branch 0 (stored as null) and keeps ISO instants', () => {
    expect(ZEventInput.parse(valid)).toEqual({
      ...valid,
      event_type_id: 1,
      branch_id: null,
      description: null,
    });
  });

  it('coerces form strings: "3" and "0"', () => {
    const out = ZEventInput.parse({ ...valid, event_type_id: '3', branch_id: '0', description: '  ' });
    expect(out).toMatchObject({ event_type_id: 3, branch_id: null, description: null });
    expect(ZEventInput.parse({ ...valid, branch_id: '7' }).branch_id).toBe(7);
  });

  it('requires the title and both dates with the spec messages', () => {
    const result = ZEventInput.safeParse({ title: ' ', start_at: '', end_at: undefined });
    expect(messages(result)).toEqual({
      title: EVENT_MSG.titleRequired,
      start_at: EVENT_MSG.datesRequired,
      end_at: EVENT_MSG.datesRequired,
    });
  });

  it('refuses an end at or before the start, also while the title is missing', () => {
    for (const end_at of [valid.start_at, '2026-03-02T12:59:00.000Z']) {
      const result = ZEventInput.safeParse({ ...valid, title: '', end_at });
      expect(messages(result)).toEqual({ title: EVENT_MSG.titleRequired, end_at: EVENT_MSG.endBeforeStart });
    }
  });

  it('compares instants, not texts: an offset later in the day may be earlier in time', () => {
    const result = ZEventInput.safeParse({
      ...valid,
      start_at: '2026-03-02T10:00:00-03:00',
      end_at: '2026-03-02T12:30:00Z',
    });
    expect(messages(result)).toEqual({ end_at: EVENT_MSG.endBeforeStart });
  });

  it('refuses dates that are not ISO instants, and bad ids', () => {
    const result = ZEventInput.safeParse({ ...valid, start_at: 'mañana', event_type_id: 'x', branch_id: -1 });
    expect(messages(result)).toEqual({
      start_at: EVENT_MSG.dateInvalid,
      event_type_id: EVENT_MSG.typeInvalid,
      branch_id: EVENT_MSG.branchInvalid,
    });
  });
});

describe('ZEventTypeInput', () => {
  it('trims the name, upper-cases the colour and defaults it to #FF0000', () => {
    expect(ZEventTypeInput.parse({ name: '  Feriado ', color: '#1c7ed6' })).toEqual({
      name: 'Feriado',
      color: '#1C7ED6',
    });
    expect(ZEventTypeInput.parse({ name: 'Feriado' }).color).toBe('#FF0000');
  });

  it('refuses a blank name and a colour that is not #RRGGBB', () => {
    const result = ZEventTypeInput.safeParse({ name: '   ', color: 'red' });
    expect(messages(result)).toEqual({ name: EVENT_MSG.nameRequired, color: EVENT_MSG.colorInvalid });
  });
});

describe('ZEventListQuery', () => {
  it('accepts a from/to range and refuses an inverted one', () => {
    expect(ZEventListQuery.parse({ from: '2026-03-01T03:00:00Z', to: '2026-04-01T03:00:00Z' })).toMatchObject(
      {
        from: '2026-03-01T03:00:00Z',
      },
    );
    const result = ZEventListQuery.safeParse({ from: '2026-04-01T03:00:00Z', to: '2026-03-01T03:00:00Z' });
    expect(messages(result)).toEqual({ to: EVENT_MSG.rangeInvalid });
  });
});
