import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createPost, createStory, newUserBody } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';
import { readOperations } from '../security/route-fixtures.ts';

/**
 * Read–modify–write (issue 28, item 5; docs/api-contract.md): whatever a GET returns, a PUT of it
 * with the record's own `ETag` is accepted with the same meaning: the record as read less its
 * read-only fields (those the operation's request schema in the OpenAPI document does not list: `id`,
 * `version`, the timestamps, names joined for display…), and the whole record as read, whose
 * read-only fields a PUT ignores.
 * Every PUT of the API, each record in the forms a GET gives (every branch and one branch, no limit
 * and a limit…); the answer and the record read again are the record as it was, but its version.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Json = Record<string, unknown>;
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

interface Case {
  /** Makes the record; returns the URL that reads it (GET) and writes it (PUT). */
  create(): Promise<string>;
  /** The seller's call (the app's routes) rather than the admin's. */
  seller?: boolean;
  /** Where the record is read, when not at the PUT's URL, and how to find it there. */
  read?: { url: (putUrl: string) => string; pick: (data: unknown, putUrl: string) => Json };
}

const call = (
  seller: boolean | undefined,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
  headers = {},
) =>
  ctx.app.inject({
    method,
    url,
    payload,
    headers: { ...bearer(seller ? ctx.seller.token : ctx.admin.token), ...headers },
  });

let n = 0;
const unique = () => `${Date.now().toString(36)}${n++}`;
async function made(url: string, body: object, seller = false): Promise<number> {
  const res = await call(seller, 'POST', url, body);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
  return res.json().data.id as number;
}

let branchId = 0;
/** null: every branch (sent as 0, the form's value); -1: the test's branch. */
const branchOf = (branch: number | null) => (branch === -1 ? branchId : (branch ?? 0));
let eventType = 0;
let notificationType = 0;

const event = (branch: number | null) => async () =>
  `/api/events/${await made('/api/events', {
    event_type_id: eventType,
    branch_id: branchOf(branch),
    title: `Evento ${unique()}`,
    description: branch ? 'Traer la lista' : null,
    start_at: '2026-07-01T13:00:00.000Z',
    end_at: '2026-07-01T15:00:00.000Z',
  })}`;
const notification = (branch: number | null) => async () =>
  `/api/notifications/${await made('/api/notifications', {
    notification_type_id: notificationType,
    branch_id: branchOf(branch),
    title: `Aviso ${unique()}`,
    message: 'Hola',
  })}`;
const survey = (branch: number | null, dates: boolean) => async () =>
  `/api/admin/surveys/${await made('/api/admin/surveys', {
    title: `Encuesta ${unique()}`,
    description: null,
    active: true,
    branch_id: branchOf(branch),
    points_reward: 15,
    start_date: dates ? '2026-07-01T03:00:00.000Z' : null,
    end_date: dates ? '2026-08-01T02:59:59.000Z' : null,
    questions: [
      { question_text: '¿Todo bien?', type: 'boolean', required: true },
      { question_text: '¿Cuál?', type: 'multiple_choice', required: false, options: ['Uno', 'Dos'] },
      { question_text: '¿Qué mejorarías?', type: 'text', required: false },
    ],
  })}`;
const pointAction = (limits: boolean) => async () =>
  `/api/admin/point-actions/${await made('/api/admin/point-actions', {
    key: `visita_${unique().toLowerCase()}`,
    name: 'Visita',
    points: 40,
    active: true,
    daily_limit: limits ? 2 : null,
    cooldown_seconds: limits ? 60 : null,
  })}`;

/** Every PUT, in the forms its records take (the test fails when a PUT is missing here). */
const cases: Record<string, Record<string, Case>> = {
  'PUT /api/branches/{id}': {
    'with city and address': {
      create: async () =>
        `/api/branches/${await made('/api/branches', { name: `Sucursal ${unique()}`, city: 'Rosario', address: 'Calle 1' })}`,
    },
    'without them': {
      create: async () => `/api/branches/${await made('/api/branches', { name: `Sucursal ${unique()}` })}`,
    },
  },
  'PUT /api/settings/sign-in': {
    'as saved (off)': { create: async () => '/api/settings/sign-in' },
  },
  'PUT /api/users/{id}': {
    'a seller of a branch': {
      create: async () => `/api/users/${await made('/api/users', newUserBody(unique(), branchId))}`,
    },
    'an administrator without a branch': {
      create: async () => `/api/users/${await made('/api/users', newUserBody(unique(), null))}`,
    },
  },
  'PUT /api/suppliers/{id}': {
    one: {
      create: async () =>
        `/api/suppliers/${await made('/api/suppliers', { code: `P${unique()}`, business_name: `Proveedor ${unique()}` })}`,
    },
  },
  'PUT /api/brands/{id}': {
    one: {
      create: async () =>
        `/api/brands/${await made('/api/brands', { code: `M${unique()}`, name: `Marca ${unique()}` })}`,
    },
  },
  'PUT /api/notification-types/{id}': {
    'with an icon': {
      create: async () =>
        `/api/notification-types/${await made('/api/notification-types', { name: 'Aviso', color: '#00AA00', icon: '3.png' })}`,
    },
    'without one': {
      create: async () =>
        `/api/notification-types/${await made('/api/notification-types', { name: 'Aviso' })}`,
    },
  },
  'PUT /api/notifications/{id}': {
    'for every branch': { create: notification(null) },
    'for one branch': { create: notification(-1) },
  },
  'PUT /api/posts/{id}/publication': {
    scheduled: {
      create: async () => {
        const post = await createPost(ctx.db, ctx.admin.id, {
          publishAt: new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 3 * 86_400_000),
        });
        return `/api/posts/${post.id}/publication`;
      },
      read: {
        url: () => '/api/posts?per_page=100',
        pick: (data, putUrl) => (data as Json[]).find((p) => `/api/posts/${p.id}/publication` === putUrl)!,
      },
    },
  },
  'PUT /api/stories/{id}/publication': {
    scheduled: {
      create: async () => {
        const story = await createStory(ctx.db, ctx.admin.id, {
          publishAt: new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 3 * 86_400_000),
        });
        return `/api/stories/${story.id}/publication`;
      },
      read: {
        url: () => '/api/stories?per_page=100',
        pick: (data, putUrl) => (data as Json[]).find((s) => `/api/stories/${s.id}/publication` === putUrl)!,
      },
    },
  },
  'PUT /api/event-types/{id}': {
    one: {
      create: async () =>
        `/api/event-types/${await made('/api/event-types', { name: 'Feria', color: '#00AA00' })}`,
    },
  },
  'PUT /api/events/{id}': {
    'for every branch': { create: event(null) },
    'for one branch': { create: event(-1) },
  },
  'PUT /api/admin/point-actions/{id}': {
    'without limits': { create: pointAction(false) },
    'with limits': { create: pointAction(true) },
  },
  'PUT /api/admin/surveys/{id}': {
    'for every branch, without dates': { create: survey(null, false) },
    'for one branch, with dates': { create: survey(-1, true) },
  },
  'PUT /api/app/comments/{id}': {
    "the seller's comment": {
      seller: true,
      create: async () => {
        const post = await createPost(ctx.db, ctx.admin.id);
        commentPost.set(
          `/api/app/comments/${await made(`/api/app/posts/${post.id}/comments`, { content: 'Hola' }, true)}`,
          post.id,
        );
        return [...commentPost.keys()].at(-1)!;
      },
      read: {
        url: (putUrl) => `/api/app/posts/${commentPost.get(putUrl)}/comments?per_page=100`,
        pick: (data, putUrl) => (data as Json[]).find((c) => `/api/app/comments/${c.id}` === putUrl)!,
      },
    },
  },
  'PUT /api/app/me/quiet-hours': {
    off: {
      seller: true,
      create: async () => {
        await call(true, 'PUT', '/api/app/me/quiet-hours', { quiet_hours: null });
        return '/api/app/me/quiet-hours';
      },
    },
    on: {
      seller: true,
      create: async () => {
        await call(true, 'PUT', '/api/app/me/quiet-hours', { quiet_hours: { start: '22:00', end: '08:00' } });
        return '/api/app/me/quiet-hours';
      },
    },
  },
};
const commentPost = new Map<string, number>();

/** The record as read, less what the request schema does not list (read-only), nested too. */
function writable(value: unknown, schema: Schema | undefined, doc: Json): unknown {
  const resolved = resolve(schema, doc);
  if (!resolved || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => writable(v, resolved.items, doc));
  const properties = objectProperties(resolved, doc);
  if (!properties) return value;
  return Object.fromEntries(
    Object.entries(value as Json)
      .filter(([key]) => key in properties)
      .map(([key, v]) => [key, writable(v, properties[key], doc)]),
  );
}

function resolve(schema: Schema | undefined, doc: Json): Schema | undefined {
  if (!schema?.$ref) return schema;
  const path = schema.$ref.replace(/^#\//, '').split('/');
  return resolve(path.reduce<unknown>((node, key) => (node as Json)[key], doc) as Schema, doc);
}

function objectProperties(schema: Schema, doc: Json): Record<string, Schema> | undefined {
  if (schema.properties) return schema.properties;
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    const found = objectProperties(resolve(branch, doc)!, doc);
    if (found) return found;
  }
  return undefined;
}

/** The record without what every write moves: its version and update time (a comment's edit time). */
const settled = (record: Json) => {
  const { version: _v, updated_at: _u, edited_at: _e, ...rest } = record;
  return rest;
};

describe('a record read is written back as it is (PUT with its ETag)', () => {
  it('covers every PUT of the API', async () => {
    const puts = (await readOperations(ctx)).filter((op) => op.method === 'PUT').map((op) => op.key);
    expect(Object.keys(cases).sort()).toEqual(puts.sort());
  });

  const rows = Object.entries(cases).flatMap(([key, forms]) =>
    Object.entries(forms).map(([form, c]) => [key, form, c] as const),
  );
  it.each(rows)('%s, %s', async (key, _form, c) => {
    if (!branchId) {
      branchId = await made('/api/branches', { name: `Sucursal de la prueba ${unique()}` });
      eventType = await made('/api/event-types', { name: 'Tipo', color: '#123456' });
      notificationType = await made('/api/notification-types', { name: 'Tipo' });
    }
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Json;
    const path = key.slice('PUT '.length);
    const put = (
      doc.paths as Record<
        string,
        Record<string, { requestBody: { content: Record<string, { schema: Schema }> } }>
      >
    )[path]!.put!;
    const bodySchema = put.requestBody.content['application/json']!.schema;

    const url = await c.create();
    const readUrl = c.read ? c.read.url(url) : url;
    const read = async () => {
      const res = await call(c.seller, 'GET', readUrl);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as unknown;
      return { record: (c.read ? c.read.pick(data, url) : data) as Json, etag: res.headers.etag };
    };
    const before = await read();
    const body = writable(before.record, bodySchema, doc) as Json;
    const headers = before.etag ? { 'if-match': before.etag } : {};
    const res = await call(c.seller, 'PUT', url, body, headers);
    expect(res.statusCode, `${key}: ${JSON.stringify(body)} → ${res.body}`).toBe(200);
    const after = await read();
    expect(settled(after.record)).toEqual(settled(before.record));

    // The whole record as read, read-only fields and all (ignored), with its new ETag: the same.
    const whole = await call(
      c.seller,
      'PUT',
      url,
      after.record,
      after.etag ? { 'if-match': after.etag } : {},
    );
    expect(whole.statusCode, `${key}: ${JSON.stringify(after.record)} → ${whole.body}`).toBe(200);
    expect(settled((await read()).record)).toEqual(settled(before.record));
  });
});
