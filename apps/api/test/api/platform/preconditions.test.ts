import { MSG } from '@panel/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createEventType, tokenFor } from '../../../src/testing/factories.ts';
import { multipart, urlencoded } from '../../../src/testing/form-body.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * Lost updates between administrators (issue 20, item 13; RFC 9110 ETag / If-Match / 412;
 * docs/decisions/2026-11-26-record-versions.md). Two administrators, each with a session of their
 * own, edit the same record: the second save, made from the version both read, is refused with 412
 * and the first one's change stays. Every record the panel edits, on PGlite and PostgreSQL.
 */
let ctx: TestContext;
/** A second administrator's session ("B"); the context's admin is "A". */
let otherToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  await ctx.reset();
  otherToken = await tokenFor(ctx.db, (await createAdmin(ctx.db)).id);
});

type Body = Record<string, unknown>;

const as = (token: string, method: InjectOptions['method'], url: string, payload?: Body, headers = {}) =>
  ctx.app.inject({ method, url, payload, headers: { ...bearer(token), ...headers } });
const asA = (method: InjectOptions['method'], url: string, payload?: Body, headers = {}) =>
  as(ctx.admin.token, method, url, payload, headers);
const asB = (method: InjectOptions['method'], url: string, payload?: Body, headers = {}) =>
  as(otherToken, method, url, payload, headers);

async function created(url: string, body: Body): Promise<number> {
  const res = await asA('POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

interface Resource {
  /** The collection's path; the record is `${path}/${id}`. */
  path: string;
  create(): Promise<number>;
  /** A whole, valid PUT body, different for each `n`. */
  body(n: number): Body;
  /** The field of the answer that shows whose save won. */
  shows(data: Body): unknown;
}

const resources: Record<string, Resource> = {
  branches: {
    path: '/api/branches',
    create: () => created('/api/branches', { name: 'Centro', city: 'Rosario' }),
    body: (n) => ({ name: `Sucursal ${n}`, city: 'Rosario', address: null }),
    shows: (d) => d.name,
  },
  users: {
    path: '/api/users',
    create: async () => ctx.seller.id,
    body: (n) => ({ name: `Vendedora ${n}` }),
    shows: (d) => d.name,
  },
  suppliers: {
    path: '/api/suppliers',
    create: () => created('/api/suppliers', { code: 'PR1', business_name: 'Limpiol SA' }),
    body: (n) => ({ code: 'PR1', business_name: `Proveedor ${n}` }),
    shows: (d) => d.business_name,
  },
  brands: {
    path: '/api/brands',
    create: () => created('/api/brands', { code: 'BR1', name: 'Brillo' }),
    body: (n) => ({ code: 'BR1', name: `Marca ${n}` }),
    shows: (d) => d.name,
  },
  'notification types': {
    path: '/api/notification-types',
    create: () => created('/api/notification-types', { name: 'Aviso', color: '#FF0000', icon: '1.png' }),
    body: (n) => ({ name: `Tipo ${n}`, color: '#00AA00', icon: '2.png' }),
    shows: (d) => d.name,
  },
  notifications: {
    path: '/api/notifications',
    create: async () => {
      const type = await created('/api/notification-types', { name: 'Aviso', color: '#FF0000' });
      return created('/api/notifications', {
        notification_type_id: type,
        branch_id: 0,
        title: 'Hola',
        message: 'Primera versión',
      });
    },
    body: (n) => ({
      notification_type_id: notificationType,
      branch_id: 0,
      title: `Aviso ${n}`,
      message: 'Texto',
    }),
    shows: (d) => d.title,
  },
  'event types': {
    path: '/api/event-types',
    create: () => created('/api/event-types', { name: 'Curso', color: '#FF0000' }),
    body: (n) => ({ name: `Tipo ${n}`, color: '#0000FF', reminder_minutes: [], urgent: false }),
    shows: (d) => d.name,
  },
  events: {
    path: '/api/events',
    create: async () => {
      eventType = (await createEventType(ctx.db)).id;
      return created('/api/events', eventBody(0));
    },
    body: (n) => eventBody(n),
    shows: (d) => d.title,
  },
  'point actions': {
    path: '/api/admin/point-actions',
    create: () =>
      created('/api/admin/point-actions', {
        key: `visita_${++keys}`,
        name: 'Visita',
        points: 5,
        active: true,
      }),
    body: (n) => ({
      name: `Acción ${n}`,
      points: n,
      active: true,
      daily_limit: null,
      cooldown_seconds: null,
    }),
    shows: (d) => d.name,
  },
  surveys: {
    path: '/api/admin/surveys',
    create: () =>
      created('/api/admin/surveys', {
        title: 'Clima',
        questions: [{ question_text: '¿Cómo?', type: 'text' }],
      }),
    body: (n) => ({
      ...SURVEY,
      title: `Encuesta ${n}`,
      questions: [{ question_text: `¿Pregunta ${n}?`, type: 'text' }],
    }),
    shows: (d) => d.title,
  },
};

/** The fields a survey's PUT must send. */
const SURVEY = { active: false, branch_id: null, points_reward: 10, reminder_minutes: null };

/** The reset keeps point actions: each test makes its own key. */
let keys = 0;
let eventType = 0;
const eventBody = (n: number) => ({
  event_type_id: eventType,
  branch_id: 0,
  title: `Evento ${n}`,
  description: null,
  start_at: '2026-12-01T12:00:00.000Z',
  end_at: '2026-12-01T14:00:00.000Z',
});
/** The notification's type, read back from the record made by `create`. */
let notificationType = 0;

async function open(resource: Resource, id: number) {
  const res = await asA('GET', `${resource.path}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as Body & { version: number };
  if ('notification_type_id' in data) notificationType = data.notification_type_id as number;
  return { data, etag: res.headers.etag as string };
}

describe.each(Object.entries(resources))('%s', (_name, resource) => {
  it('two administrators save from the same version: the second gets 412 and the first change stays', async () => {
    const id = await resource.create();
    // Both open the record: the same version, as the ETag of the item and the row of the list.
    const first = await open(resource, id);
    expect(first.etag).toBe(`"${first.data.version}"`);
    const listed = await asB('GET', `${resource.path}?per_page=100`);
    const row = (listed.json().data as { id: number; version: number }[]).find((r) => r.id === id);
    expect(row?.version).toBe(first.data.version);

    const saved = await asA('PUT', `${resource.path}/${id}`, resource.body(1), { 'if-match': first.etag });
    expect(saved.statusCode, saved.body).toBe(200);
    const savedData = saved.json().data as Body & { version: number };
    expect(savedData.version).toBeGreaterThan(first.data.version);
    expect(saved.headers.etag).toBe(`"${savedData.version}"`);

    const late = await asB('PUT', `${resource.path}/${id}`, resource.body(2), { 'if-match': first.etag });
    expect(late.statusCode, late.body).toBe(412);
    expect(late.json()).toEqual({ message: MSG.staleRecord });
    expect(late.headers.etag).toBe(saved.headers.etag);

    const now = await open(resource, id);
    expect(resource.shows(now.data)).toBe(resource.shows(savedData));
    expect(now.etag).toBe(saved.headers.etag);

    // Reloaded, B saves from the current version; without If-Match a PUT still goes through.
    const retried = await asB('PUT', `${resource.path}/${id}`, resource.body(3), { 'if-match': now.etag });
    expect(retried.statusCode, retried.body).toBe(200);
    const blind = await asA('PUT', `${resource.path}/${id}`, resource.body(4));
    expect(blind.statusCode, blind.body).toBe(200);
    expect(resource.shows(blind.json().data)).toBe(resource.shows({ ...resource.body(4) }));
  });
});

/**
 * A failed precondition answers 412 on every method (RFC 9110 §13.1.1; issue 28, item 4): a DELETE
 * with an `If-Match` naming another version deletes nothing, as a PUT saves nothing. Users have no DELETE.
 */
describe.each(Object.entries(resources).filter(([name]) => name !== 'users'))(
  'DELETE %s',
  (_name, resource) => {
    it('with a stale If-Match is 412 and the record stays; with the current one, or none, 204', async () => {
      const id = await resource.create();
      const first = await open(resource, id);
      const saved = await asA('PUT', `${resource.path}/${id}`, resource.body(1), { 'if-match': first.etag });
      expect(saved.statusCode, saved.body).toBe(200);
      for (const stale of [first.etag, '"99"']) {
        const late = await asB('DELETE', `${resource.path}/${id}`, undefined, { 'if-match': stale });
        expect(late.statusCode, late.body).toBe(412);
        expect(late.json()).toEqual({ message: MSG.staleRecord });
        expect(late.headers.etag).toBe(saved.headers.etag);
      }
      const still = await open(resource, id);
      expect(still.etag).toBe(saved.headers.etag);
      const unquoted = await asB('DELETE', `${resource.path}/${id}`, undefined, {
        'if-match': String(still.data.version),
      });
      expect(unquoted.statusCode).toBe(400);
      expect(unquoted.json().message).toBe(MSG.ifMatchInvalid);

      const current = await asB('DELETE', `${resource.path}/${id}`, undefined, { 'if-match': still.etag });
      expect(current.statusCode, current.body).toBe(204);
      expect((await asA('GET', `${resource.path}/${id}`)).statusCode).toBe(404);
      // A record already gone stays a 404, whatever the If-Match.
      expect(
        (await asA('DELETE', `${resource.path}/${id}`, undefined, { 'if-match': '"1"' })).statusCode,
      ).toBe(404);

      const blind = await resource.create();
      const plain = await asA('DELETE', `${resource.path}/${blind}`);
      expect(plain.statusCode, plain.body).toBe(204);
    });
  },
);

describe('If-Match', () => {
  const branch = () => created('/api/branches', { name: 'Centro', city: 'Rosario' });

  it('also guards POST with _method=PUT (urlencoded and multipart) and the override header', async () => {
    const id = await branch();
    const { etag } = await open(resources.branches!, id);
    await asA('PUT', `/api/branches/${id}`, { name: 'Norte' });
    const fields = { _method: 'PUT', name: 'Sur' };
    for (const form of [urlencoded(fields), multipart(fields)]) {
      const res = await ctx.asAdminForm('POST', `/api/branches/${id}`, form, { 'if-match': etag });
      expect(res.statusCode, res.body).toBe(412);
    }
    const header = await asA(
      'POST',
      `/api/branches/${id}`,
      { name: 'Sur' },
      {
        'x-http-method-override': 'PUT',
        'if-match': etag,
      },
    );
    expect(header.statusCode).toBe(412);
    const current = await open(resources.branches!, id);
    expect(current.data.name).toBe('Norte');
    const ok = await ctx.asAdminForm('POST', `/api/branches/${id}`, urlencoded(fields), {
      'if-match': current.etag,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers.etag).toBe(`"${ok.json().data.version}"`);
  });

  it('guards the toggles (PATCH) of point actions and surveys', async () => {
    for (const resource of [resources['point actions']!, resources.surveys!]) {
      const id = await resource.create();
      const { etag } = await open(resource, id);
      const first = await asA(
        'PATCH',
        `${resource.path}/${id}/toggle`,
        { active: false },
        { 'if-match': etag },
      );
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers.etag).toBe(`"${first.json().data.version}"`);
      const second = await asB(
        'PATCH',
        `${resource.path}/${id}/toggle`,
        { active: true },
        { 'if-match': etag },
      );
      expect(second.statusCode).toBe(412);
      expect((await open(resource, id)).data.active).toBe(false);
    }
  });

  it('* matches any version of an existing record, a list matches any of its tags, a weak tag never', async () => {
    const id = await branch();
    const { data } = await open(resources.branches!, id);
    const v = data.version;
    expect((await asA('PUT', `/api/branches/${id}`, { name: 'A' }, { 'if-match': '*' })).statusCode).toBe(
      200,
    );
    expect(
      (await asA('PUT', `/api/branches/${id}`, { name: 'B' }, { 'if-match': `"${v}", "${v + 1}"` }))
        .statusCode,
    ).toBe(200);
    expect(
      (await asA('PUT', `/api/branches/${id}`, { name: 'C' }, { 'if-match': `W/"${v + 2}"` })).statusCode,
    ).toBe(412);
  });

  it('a malformed If-Match is a Spanish 400, and a missing record stays a 404', async () => {
    const id = await branch();
    const bad = await asA('PUT', `/api/branches/${id}`, { name: 'A' }, { 'if-match': '3' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.ifMatchInvalid);
    const missing = await asA('PUT', `/api/branches/${id + 100}`, { name: 'A' }, { 'if-match': '"1"' });
    expect(missing.statusCode).toBe(404);
    // An invalid body is refused before the precondition (RFC 9110 §13.2.1): 400, not 412.
    const invalid = await asA('PUT', `/api/branches/${id}`, { name: '' }, { 'if-match': '"99"' });
    expect(invalid.statusCode).toBe(400);
  });

  it('a survey question changed by a save changes the survey version', async () => {
    const resource = resources.surveys!;
    const id = await resource.create();
    const before = await open(resource, id);
    const question = (before.data.questions as { id: number }[])[0]!;
    const res = await asA(
      'PUT',
      `/api/admin/surveys/${id}`,
      {
        ...SURVEY,
        title: 'Clima',
        questions: [{ id: question.id, question_text: '¿Cómo estás?', type: 'text' }],
      },
      { 'if-match': before.etag },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.version).toBeGreaterThan(before.data.version);
  });

  it('of two saves sent at once from the same version, exactly one is applied', async () => {
    const id = await branch();
    const { etag } = await open(resources.branches!, id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? asA : asB)('PUT', `/api/branches/${id}`, { name: `Nombre ${i}` }, { 'if-match': etag }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 412, 412, 412, 412, 412]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data;
    const current = await open(resources.branches!, id);
    expect(current.data.name).toBe(winner.name);
    expect(current.data.version).toBe(winner.version);
  });
});
