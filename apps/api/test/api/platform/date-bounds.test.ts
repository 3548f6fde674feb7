import { EVENT_MSG, MEDIA_MSG, SURVEY_MSG } from '@panel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../../src/db/schema/events.ts';
import { bearer, createEventType } from '../../../src/testing/factories.ts';
import { formData, makeImage } from '../../../src/testing/images.ts';
import { refusal } from '../../../src/testing/refusal.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * Issue 20, item 3: an event from year 1 to year 9999 was accepted, and its `.ics` held the event
 * loop for 13.5 s. Event, story and survey dates are bounded at the door (years 2000 to 2100, an
 * event lasts at most a year), with a Spanish message naming the field; a row from before the
 * bounds still gets its `.ics`, built from the changes near its two ends only.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const event = (typeId: number, start_at: string, end_at: string) => ({
  event_type_id: typeId,
  branch_id: 0,
  title: 'Feria',
  start_at,
  end_at,
});

describe('dates are bounded at the door', () => {
  it('refuses an event from year 1 to 9999, naming each field', async () => {
    const type = await createEventType(ctx.db);
    const refused = await ctx.asAdmin(
      'POST',
      '/api/events',
      event(type.id, '0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z'),
    );
    expect(refusal(refused).errors).toEqual({
      start_at: [EVENT_MSG.startOutOfRange],
      end_at: [EVENT_MSG.endOutOfRange],
    });
    expect(EVENT_MSG.startOutOfRange).toBe('La fecha de inicio debe estar entre los años 2000 y 2100');
    const created = await ctx.asAdmin(
      'POST',
      '/api/events',
      event(type.id, '2026-03-01T13:00:00Z', '2026-03-01T15:00:00Z'),
    );
    expect(created.statusCode).toBe(201);
    const put = await ctx.asAdmin(
      'PUT',
      `/api/events/${created.json().data.id}`,
      event(type.id, '2026-03-01T13:00:00Z', '2101-01-01T00:00:00Z'),
    );
    expect(refusal(put).errors).toEqual({ end_at: [EVENT_MSG.endOutOfRange] });
  });

  it('an event lasts at most a year', async () => {
    const type = await createEventType(ctx.db);
    const from = '2026-01-01T00:00:00Z';
    const longest = await ctx.asAdmin('POST', '/api/events', event(type.id, from, '2027-01-02T00:00:00Z'));
    expect(longest.statusCode).toBe(201);
    const tooLong = await ctx.asAdmin('POST', '/api/events', event(type.id, from, '2027-01-02T00:00:01Z'));
    expect(refusal(tooLong)).toEqual({ message: EVENT_MSG.tooLong, errors: { end_at: [EVENT_MSG.tooLong] } });
  });

  it('refuses the calendar range, story dates and survey dates outside the years 2000 to 2100', async () => {
    const range = await ctx.asAdmin('GET', '/api/events?from=0001-01-01T00:00:00Z&to=9999-01-01T00:00:00Z');
    expect(refusal(range).errors).toEqual({
      from: [EVENT_MSG.fromOutOfRange],
      to: [EVENT_MSG.toOutOfRange],
    });
    const jpeg = await makeImage('jpeg', { width: 64, height: 64 });
    const story = await ctx.app.inject({
      method: 'POST',
      url: '/api/stories',
      payload: formData(
        { title: 'Oferta', starts_at: '1999-12-31T23:59:59Z', ends_at: '2101-01-01T00:00:00Z' },
        [{ field: 'image', name: 'a.jpg', type: 'image/jpeg', bytes: jpeg }],
      ),
      headers: bearer(ctx.admin.token),
    });
    expect(refusal(story).errors).toEqual({
      starts_at: [MEDIA_MSG.startsOutOfRange],
      ends_at: [MEDIA_MSG.endsOutOfRange],
    });
    const survey = await ctx.asAdmin('POST', '/api/admin/surveys', {
      title: 'Encuesta',
      start_date: '0001-01-01T00:00:00Z',
      end_date: '9999-12-31T00:00:00Z',
      questions: [{ question_text: '¿Todo bien?', type: 'boolean' }],
    });
    expect(refusal(survey).errors).toEqual({
      start_date: [SURVEY_MSG.startOutOfRange],
      end_date: [SURVEY_MSG.endOutOfRange],
    });
  });
});

describe('.ics of an event stored before the bounds', () => {
  it('answers an event from year 1000 to 9999 with both ends in the business time zone', async () => {
    const type = await createEventType(ctx.db);
    const [row] = await ctx.db
      .insert(events)
      .values({
        eventTypeId: type.id,
        branchId: null,
        title: 'Desde siempre',
        startAt: new Date('1000-01-01T12:00:00Z'),
        endAt: new Date('9999-12-31T12:00:00Z'),
      })
      .returning();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/app/events/${row!.id}.ics`,
      headers: bearer(ctx.seller.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('DTEND;TZID=America/Argentina/Buenos_Aires:99991231T090000\r\n');
    // In year 1000 Buenos Aires kept local mean time (-03:53:48).
    expect(res.body).toContain('DTSTART;TZID=America/Argentina/Buenos_Aires:10000101T080612\r\n');
    const vtimezone = res.body.slice(res.body.indexOf('BEGIN:VTIMEZONE'), res.body.indexOf('END:VTIMEZONE'));
    expect(vtimezone.match(/DTSTART:/g)?.length).toBeLessThan(10);
    expect(vtimezone).toContain('TZOFFSETTO:-0300\r\n');
  });
});
