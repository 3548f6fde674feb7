import { describe, expect, it } from 'vitest';
import {
  EVENT_MSG,
  EVENT_REMINDER_OPTIONS,
  eventReminderLabel,
  eventReminderPayload,
  surveyReminderPayload,
  ZEventInput,
  ZEventListQuery,
  ZEventTypeInput,
} from '../index.ts';

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
      reminder_minutes: [],
      urgent: false,
    });
    expect(ZEventTypeInput.parse({ name: 'Feriado' }).color).toBe('#FF0000');
  });

  it('refuses a blank name and a colour that is not #RRGGBB', () => {
    const result = ZEventTypeInput.safeParse({ name: '   ', color: 'red' });
    expect(messages(result)).toEqual({ name: EVENT_MSG.nameRequired, color: EVENT_MSG.colorInvalid });
  });
});

describe("an event type's reminders (docs/decisions/2026-12-04-reminders.md)", () => {
  const parse = (fields: Record<string, unknown>) => ZEventTypeInput.safeParse({ name: 'Curso', ...fields });

  it('keeps the offered ones once each, the earliest first, from JSON or a form', () => {
    expect(parse({ reminder_minutes: [60, 1440, 60] }).data?.reminder_minutes).toEqual([1440, 60]);
    // A form: the field repeated, once (one value), or empty (none).
    expect(parse({ reminder_minutes: ['15', '10080'] }).data?.reminder_minutes).toEqual([10080, 15]);
    expect(parse({ reminder_minutes: '180' }).data?.reminder_minutes).toEqual([180]);
    expect(parse({ reminder_minutes: '' }).data?.reminder_minutes).toEqual([]);
    expect(parse({ urgent: 'on' }).data?.urgent).toBe(true);
    expect(parse({ urgent: 'false' }).data?.urgent).toBe(false);
  });

  it('refuses a time that is not offered', () => {
    for (const bad of [[5], ['1 día'], [1.5], [0], ['']]) {
      const result = parse({ reminder_minutes: bad });
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(Object.values(messages(result))).toContain(EVENT_MSG.remindersInvalid);
    }
  });

  it('each has its label', () => {
    expect(EVENT_REMINDER_OPTIONS.map((o) => eventReminderLabel(o.minutes))).toEqual([
      '1 semana antes',
      '1 día antes',
      '3 horas antes',
      '1 hora antes',
      '15 minutos antes',
    ]);
  });
});

describe("the reminders' pushes", () => {
  it('say when, in the business time zone, and open the survey or the agenda', () => {
    const tz = 'America/Argentina/Buenos_Aires';
    expect(
      surveyReminderPayload({ id: 4, title: 'Clima', endDate: new Date('2026-12-07T15:00:00Z') }, tz),
    ).toEqual({
      title: 'Recordatorio: Clima',
      body: 'La encuesta cierra el lun 7 dic, 12:00. Todavía no la respondiste.',
      notification_id: null,
      url: '/comunidad/encuestas/4',
      icon: null,
      tag: 'survey-reminder-4',
    });
    // 02:30 UTC is 23:30 of the day before there.
    expect(
      eventReminderPayload({ id: 8, title: 'Feria', startAt: new Date('2026-12-08T02:30:00Z') }, 60, tz),
    ).toMatchObject({
      body: 'Empieza el lun 7 dic, 23:30.',
      url: '/comunidad/agenda',
      tag: 'event-reminder-8-60',
    });
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
