import { EVENT_MSG, MSG, ZEvent, ZEventType } from '@panel/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { events, eventTypes } from '../../../src/db/schema/events.ts';
import { bearer, createBranch } from '../../../src/testing/factories.ts';
import { multipart, urlencoded } from '../../../src/testing/form-body.ts';
import { refusal } from '../../../src/testing/refusal.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

const titles = (res: { json(): { data: { title: string }[] } }) => res.json().data.map((e) => e.title);

async function makeType(name = 'Capacitación', color?: string) {
  const res = await ctx.asAdmin('POST', '/api/event-types', { name, ...(color ? { color } : {}) });
  expect(res.statusCode).toBe(201);
  return ZEventType.parse(res.json().data);
}

async function makeEvent(title: string, start: string, end: string, extra: object = {}) {
  const res = await ctx.asAdmin('POST', '/api/events', { title, start_at: start, end_at: end, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return ZEvent.parse(res.json().data);
}

describe('event types', () => {
  it('creates a type with a trimmed name and the default colour, also from a form body', async () => {
    expect(await makeType('  Feriado ')).toMatchObject({ name: 'Feriado', color: '#FF0000' });
    const form = await ctx.asAdminForm(
      'POST',
      '/api/event-types',
      urlencoded({ name: 'Lanzamiento', color: '#e8590c' }),
    );
    expect(form.statusCode).toBe(201);
    expect(form.json().data).toMatchObject({ name: 'Lanzamiento', color: '#E8590C' });
    const multi = await ctx.asAdminForm('POST', '/api/event-types', multipart({ name: 'Reunión' }));
    expect(multi.statusCode).toBe(201);
  });

  it('requires the name ("El nombre es requerido") and a #RRGGBB colour', async () => {
    const res = await ctx.asAdmin('POST', '/api/event-types', { name: '   ', color: '#12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: EVENT_MSG.nameRequired,
      errors: { name: [EVENT_MSG.nameRequired], color: [EVENT_MSG.colorInvalid] },
    });
    expect(await ctx.db.select().from(eventTypes)).toHaveLength(0);
  });

  it('updates (PUT and POST with _method=PUT), lists and searches', async () => {
    const type = await makeType('Capacitacion');
    await makeType('Reunión comercial');
    const put = await ctx.asAdmin('PUT', `/api/event-types/${type.id}`, {
      name: 'Capacitación',
      color: '#1c7ed6',
      reminder_minutes: [60, 1440],
      urgent: true,
    });
    expect(put.json().data).toMatchObject({
      name: 'Capacitación',
      color: '#1C7ED6',
      reminder_minutes: [1440, 60],
      urgent: true,
    });
    const post = await ctx.asAdminForm(
      'POST',
      `/api/event-types/${type.id}`,
      urlencoded({
        _method: 'PUT',
        name: 'Curso',
        color: '#ff0000',
        reminder_minutes: '15',
        urgent: 'false',
      }),
    );
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json().data).toMatchObject({
      name: 'Curso',
      color: '#FF0000',
      reminder_minutes: [15],
      urgent: false,
    });
    // A blank colour on an edit is refused, not reset to #FF0000 (issue 20, item 12).
    const blank = await ctx.asAdminForm(
      'POST',
      `/api/event-types/${type.id}`,
      urlencoded({ _method: 'PUT', name: 'Curso', color: '', reminder_minutes: '', urgent: 'false' }),
    );
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().errors)).toEqual(['color']);
    const list = await ctx.asAdmin('GET', '/api/event-types?q=reunion');
    expect(list.json().data.map((t: { name: string }) => t.name)).toEqual(['Reunión comercial']);
    expect(
      (
        await ctx.asAdmin('PUT', '/api/event-types/99999', {
          name: 'x',
          color: '#000000',
          reminder_minutes: [],
          urgent: false,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses to delete a type in use (409) and deletes an unused one (204)', async () => {
    const used = await makeType('Usado');
    const unused = await makeType('Libre');
    await makeEvent('Evento', '2026-03-02T13:00:00Z', '2026-03-02T15:00:00Z', { event_type_id: used.id });
    const refused = await ctx.asAdmin('DELETE', `/api/event-types/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(EVENT_MSG.typeInUse);
    expect((await ctx.asAdmin('DELETE', `/api/event-types/${unused.id}`)).statusCode).toBe(204);
    expect((await ctx.asAdmin('DELETE', `/api/event-types/${unused.id}`)).statusCode).toBe(404);
  });
});

describe('events', () => {
  it('creates with type 1 and every branch by default, storing the ISO instants', async () => {
    await makeType();
    const event = await makeEvent(
      '  Reunión semanal ',
      '2026-03-02T10:00:00-03:00',
      '2026-03-02T12:00:00-03:00',
      {
        branch_id: 0,
        description: ' Prioridades ',
      },
    );
    expect(event).toMatchObject({
      event_type_id: 1,
      event_type: { name: 'Capacitación', color: '#FF0000' },
      branch_id: null,
      branch_name: null,
      title: 'Reunión semanal',
      description: 'Prioridades',
      start_at: '2026-03-02T13:00:00.000Z',
      end_at: '2026-03-02T15:00:00.000Z',
    });
  });

  it('gives each validation message of the spec, writing nothing', async () => {
    await makeType();
    const refused = async (body: object) => refusal(await ctx.asAdmin('POST', '/api/events', body));
    const dated = (start_at: string, end_at: string, more: object = {}) => ({
      title: 'x',
      start_at,
      end_at,
      ...more,
    });
    const [start, end] = ['2026-03-02T13:00:00Z', '2026-03-02T15:00:00Z'];
    expect(await refused({ title: '', start_at: '' })).toEqual({
      message: EVENT_MSG.titleRequired,
      errors: {
        title: [EVENT_MSG.titleRequired],
        start_at: [EVENT_MSG.datesRequired],
        end_at: [EVENT_MSG.datesRequired],
      },
    });
    expect(await refused(dated(end, end))).toEqual({
      message: EVENT_MSG.endBeforeStart,
      errors: { end_at: [EVENT_MSG.endBeforeStart] },
    });
    expect((await refused(dated('02/03/2026', 'mañana'))).errors).toEqual({
      start_at: [EVENT_MSG.dateInvalid],
      end_at: [EVENT_MSG.dateInvalid],
    });
    expect((await refused(dated(start, end, { event_type_id: 77 }))).errors).toEqual({
      event_type_id: [EVENT_MSG.typeNotFound],
    });
    expect((await refused(dated(start, end, { branch_id: 4242 }))).errors).toEqual({
      branch_id: [MSG.branchNotFound],
    });
    expect(await ctx.db.select().from(events)).toHaveLength(0);
  });

  it('creates from multipart and urlencoded forms (docs/api-contract.md)', async () => {
    const type = await makeType();
    const branch = await createBranch(ctx.db, { name: 'Rosario' });
    const fields = {
      event_type_id: type.id,
      branch_id: branch.id,
      title: 'Lanzamiento',
      description: '',
      start_at: '2026-03-05T12:00:00.000Z',
      end_at: '2026-03-05T14:00:00.000Z',
    };
    for (const body of [multipart(fields), urlencoded(fields)]) {
      const res = await ctx.asAdminForm('POST', '/api/events', body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ branch_name: 'Rosario', description: null });
    }
  });

  it('moves an event through POST /{id} with _method=PUT, and with the header', async () => {
    await makeType();
    const event = await makeEvent('Capacitación', '2026-03-02T13:00:00Z', '2026-03-02T15:00:00Z');
    const moved = await ctx.asAdminForm(
      'POST',
      `/api/events/${event.id}`,
      multipart({
        _method: 'PUT',
        event_type_id: '1',
        branch_id: '0',
        title: 'Capacitación',
        start_at: '2026-03-09T13:00:00.000Z',
        end_at: '2026-03-09T15:00:00.000Z',
      }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ id: event.id, start_at: '2026-03-09T13:00:00.000Z' });
    const byHeader = await ctx.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}`,
      headers: { ...bearer(ctx.admin.token), 'x-http-method-override': 'PUT' },
      payload: {
        event_type_id: 1,
        branch_id: 0,
        title: 'Otro',
        start_at: '2026-03-10T13:00:00Z',
        end_at: '2026-03-10T12:00:00Z',
      },
    });
    expect(byHeader.statusCode).toBe(400);
    expect(byHeader.json().errors).toEqual({ end_at: [EVENT_MSG.endBeforeStart] });
    expect(
      (
        await ctx.asAdmin('PUT', '/api/events/55555', {
          event_type_id: 1,
          branch_id: 0,
          title: 'a',
          start_at: '2026-03-10T13:00:00Z',
          end_at: '2026-03-10T14:00:00Z',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers the events overlapping [from, to), as the calendar asks, in time order', async () => {
    await makeType();
    await makeEvent('Antes', '2026-02-27T10:00:00Z', '2026-02-28T23:59:00Z');
    await makeEvent('Cruza el inicio', '2026-02-28T22:00:00Z', '2026-03-01T05:00:00Z');
    await makeEvent('Dentro', '2026-03-10T13:00:00Z', '2026-03-10T15:00:00Z');
    await makeEvent('Abarca todo', '2026-02-01T00:00:00Z', '2026-05-01T00:00:00Z');
    await makeEvent('Empieza justo al final', '2026-04-06T03:00:00Z', '2026-04-06T05:00:00Z');
    await makeEvent('Después', '2026-04-20T13:00:00Z', '2026-04-20T15:00:00Z');

    const range = await ctx.asAdmin(
      'GET',
      '/api/events?from=2026-03-01T03:00:00Z&to=2026-04-06T03:00:00Z&per_page=100',
    );
    expect(range.statusCode).toBe(200);
    expect(titles(range)).toEqual(['Abarca todo', 'Cruza el inicio', 'Dentro']);
    expect(range.json().meta.total).toBe(3);

    const onlyFrom = await ctx.asAdmin('GET', '/api/events?from=2026-04-10T00:00:00Z&per_page=100');
    expect(titles(onlyFrom)).toEqual(['Abarca todo', 'Después']);
    const bad = await ctx.asAdmin('GET', '/api/events?from=2026-04-01T00:00:00Z&to=2026-03-01T00:00:00Z');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ to: [EVENT_MSG.rangeInvalid] });
    expect((await ctx.asAdmin('GET', '/api/events?from=ayer')).statusCode).toBe(400);
  });

  it('lists paged, newest start first, searching title and description, filtered by type and branch', async () => {
    const a = await makeType('A');
    const b = await makeType('B');
    const branch = await createBranch(ctx.db);
    await makeEvent('Uno', '2026-03-01T13:00:00Z', '2026-03-01T14:00:00Z', { description: 'Góndola' });
    await makeEvent('Dos', '2026-03-02T13:00:00Z', '2026-03-02T14:00:00Z', { event_type_id: b.id });
    await makeEvent('Tres', '2026-03-03T13:00:00Z', '2026-03-03T14:00:00Z', { branch_id: branch.id });
    const page = await ctx.asAdmin('GET', '/api/events?per_page=2');
    expect(titles(page)).toEqual(['Tres', 'Dos']);
    expect(page.json().meta).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(titles(await ctx.asAdmin('GET', '/api/events?q=gondola'))).toEqual(['Uno']);
    expect(titles(await ctx.asAdmin('GET', '/api/events?sort=title'))).toEqual(['Dos', 'Tres', 'Uno']);
    expect(titles(await ctx.asAdmin('GET', `/api/events?event_type_id=${a.id}&sort=start_at`))).toEqual([
      'Uno',
      'Tres',
    ]);
    expect(titles(await ctx.asAdmin('GET', `/api/events?branch_id=${branch.id}`))).toEqual(['Tres']);
  });

  it('deletes (204, then 404), and keeps the calendar badge count in step', async () => {
    await makeType();
    const now = new Date();
    const soon = new Date(now.getTime() + 2 * 3_600_000);
    const event = await makeEvent(
      'Pronto',
      soon.toISOString(),
      new Date(soon.getTime() + 3_600_000).toISOString(),
    );
    const before = await ctx.asAdmin('GET', '/api/dashboard/summary');
    expect(before.json().data.upcoming_events).toBe(1);
    expect((await ctx.asAdmin('DELETE', `/api/events/${event.id}`)).statusCode).toBe(204);
    expect((await ctx.asAdmin('DELETE', `/api/events/${event.id}`)).statusCode).toBe(404);
    expect((await ctx.asAdmin('GET', '/api/dashboard/summary')).json().data.upcoming_events).toBe(0);
  });

  it('is for admins only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/events' })).statusCode).toBe(401);
    const seller = await ctx.app.inject({
      method: 'GET',
      url: '/api/event-types',
      headers: bearer(ctx.seller.token),
    });
    expect(seller.statusCode).toBe(403);
  });
});
