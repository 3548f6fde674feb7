import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createPost,
  createStory,
  newSurveyBody,
  newUserBody,
} from '../../../src/testing/factories.ts';
import { urlencoded } from '../../../src/testing/form-body.ts';
import { tableChecksums } from '../../../src/testing/table-checksums.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';
import { refusalProblem } from '../security/fuzz/http-fuzz.ts';
import { readOperations } from '../security/route-fixtures.ts';

/**
 * Issue 20, item 12: a PUT replaces a record, so a field it requires must be present *and*
 * meaningful. `"branch_id": null`, or a tab, NBSP or U+3000 in a required field, reset the field
 * to its default (an event became visible to every branch). One rule in the validation layer
 * covers every PUT and every POST with `_method=PUT`: here it is checked on all of them, with the
 * required fields found by the API itself (leaving the field out is a 400).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

interface PutCase {
  /** Makes the record and returns its PUT URL. */
  create(): Promise<string>;
  /** A PUT body that the API accepts as it is. */
  body: Record<string, unknown>;
  /** Who may make it (the admin unless said). */
  seller?: boolean;
}

/** A JSON call as the seller or as the admin. */
const asUser = (seller: boolean | undefined, method: 'POST' | 'PUT', url: string, payload: object) =>
  seller
    ? ctx.app.inject({ method, url, payload, headers: bearer(ctx.seller.token) })
    : ctx.asAdmin(method, url, payload);

const ok = (res: { statusCode: number; body: string }, status = 201) => {
  expect(res.statusCode, res.body).toBe(status);
  return JSON.parse(res.body).data as { id: number };
};

const survey = newSurveyBody('Encuesta', [{ question_text: '¿Todo bien?', type: 'boolean', required: true }]);

/** Every PUT of the API, with a body it accepts (the test fails when a PUT is missing here). */
function putCases(
  branchId: number,
  typeIds: { event: number; notification: number },
): Record<string, PutCase> {
  let n = 0;
  const unique = () => `${Date.now().toString(36)}${n++}`;
  const made = async (url: string, body: object) => ok(await ctx.asAdmin('POST', url, body)).id;
  return {
    'PUT /api/users/{id}': {
      create: async () => `/api/users/${await made('/api/users', newUserBody(unique(), branchId))}`,
      body: { name: 'Vendedora Dos', branch_id: branchId },
    },
    'PUT /api/settings/sign-in': {
      create: async () => '/api/settings/sign-in',
      body: { mfa_required: false, oidc_only: false },
    },
    'PUT /api/branches/{id}': {
      create: async () => `/api/branches/${await made('/api/branches', { name: `Sucursal ${unique()}` })}`,
      body: { name: 'Sucursal Norte', city: 'Rosario', address: 'Calle 1' },
    },
    'PUT /api/suppliers/{id}': {
      create: async () =>
        `/api/suppliers/${await made('/api/suppliers', { code: `P${unique()}`, business_name: 'Proveedor' })}`,
      body: { code: 'PX-EDIT', business_name: 'Proveedor SA' },
    },
    'PUT /api/brands/{id}': {
      create: async () => `/api/brands/${await made('/api/brands', { code: `M${unique()}`, name: 'Marca' })}`,
      body: { code: 'MX-EDIT', name: 'Marca SA' },
    },
    'PUT /api/notification-types/{id}': {
      create: async () =>
        `/api/notification-types/${await made('/api/notification-types', { name: 'Aviso', color: '#00AA00', icon: '3.png' })}`,
      body: { name: 'Aviso', color: '#00AA00', icon: '3.png' },
    },
    'PUT /api/notifications/{id}': {
      create: async () =>
        `/api/notifications/${await made('/api/notifications', {
          notification_type_id: typeIds.notification,
          branch_id: branchId,
          title: 'Aviso',
          message: 'Hola',
        })}`,
      body: {
        notification_type_id: typeIds.notification,
        branch_id: branchId,
        title: 'Aviso',
        message: 'Hola',
      },
    },
    'PUT /api/posts/{id}/publication': {
      create: async () => {
        const post = await createPost(ctx.db, ctx.admin.id, {
          publishAt: new Date(Date.now() + 3 * 86_400_000),
        });
        return `/api/posts/${post.id}/publication`;
      },
      body: { publish_at: new Date(Date.now() + 5 * 86_400_000).toISOString() },
    },
    'PUT /api/stories/{id}/publication': {
      create: async () => {
        const story = await createStory(ctx.db, ctx.admin.id, {
          publishAt: new Date(Date.now() + 3 * 86_400_000),
        });
        return `/api/stories/${story.id}/publication`;
      },
      body: { publish_at: new Date(Date.now() + 5 * 86_400_000).toISOString() },
    },
    'PUT /api/event-types/{id}': {
      create: async () =>
        `/api/event-types/${await made('/api/event-types', { name: 'Feria', color: '#00AA00' })}`,
      body: { name: 'Feria', color: '#00AA00', reminder_minutes: [60], urgent: false },
    },
    'PUT /api/events/{id}': {
      create: async () =>
        `/api/events/${await made('/api/events', {
          event_type_id: typeIds.event,
          branch_id: branchId,
          title: 'Capacitación',
          start_at: '2026-07-01T13:00:00Z',
          end_at: '2026-07-01T15:00:00Z',
        })}`,
      body: {
        event_type_id: typeIds.event,
        branch_id: branchId,
        title: 'Capacitación',
        description: 'Traer la lista',
        start_at: '2026-07-01T13:00:00Z',
        end_at: '2026-07-01T15:00:00Z',
      },
    },
    'PUT /api/admin/point-actions/{id}': {
      create: async () =>
        `/api/admin/point-actions/${await made('/api/admin/point-actions', {
          key: `visita_${unique().toLowerCase()}`,
          name: 'Visita',
          points: 40,
          daily_limit: 2,
          cooldown_seconds: 60,
        })}`,
      body: { name: 'Visita', points: 40, active: true, daily_limit: 2, cooldown_seconds: 60 },
    },
    'PUT /api/admin/surveys/{id}': {
      create: async () => `/api/admin/surveys/${await made('/api/admin/surveys', survey)}`,
      body: { ...survey, branch_id: branchId },
    },
    'PUT /api/app/comments/{id}': {
      create: async () => {
        const post = await createPost(ctx.db, ctx.admin.id);
        const comment = await asUser(true, 'POST', `/api/app/posts/${post.id}/comments`, { content: 'Hola' });
        return `/api/app/comments/${ok(comment).id}`;
      },
      body: { content: 'Hola, corregido' },
      seller: true,
    },
    'PUT /api/app/me/quiet-hours': {
      create: async () => '/api/app/me/quiet-hours',
      body: { quiet_hours: { start: '22:00', end: '08:00' } },
      seller: true,
    },
  };
}

/**
 * Fields whose empty value is one of their values, stated in the schema (`emptyMeans`): a point
 * action's limits (null or '' = "sin límite", what the form sends), the branch of a survey, an event
 * or a notification (null = every branch, what their GET answers: issue 28, item 5), a seller's
 * quiet hours (null = off), a survey's reminder (null = off) and an event type's reminders (none).
 */
const EMPTY_IS_A_VALUE = new Set([
  'PUT /api/admin/point-actions/{id} daily_limit',
  'PUT /api/admin/point-actions/{id} cooldown_seconds',
  'PUT /api/admin/surveys/{id} branch_id',
  'PUT /api/events/{id} branch_id',
  'PUT /api/notifications/{id} branch_id',
  // docs/decisions/2026-12-04-reminders.md: "sin recordatorio", "sin recordatorios".
  'PUT /api/admin/surveys/{id} reminder_minutes',
  'PUT /api/event-types/{id} reminder_minutes',
  // null turns "No molestar" off (stated in the operation's description).
  'PUT /api/app/me/quiet-hours quiet_hours',
]);

/** Blank: null, '', or any run of Unicode white space and invisible characters. */
const BLANK_UNITS = [
  ' ',
  '\t',
  '\n',
  '\r',
  '\u00a0',
  '\u3000',
  '\u2003',
  '\u2028',
  '\u2029',
  '\u200b',
  '\ufeff',
];
const blank = fc.oneof(
  fc.constant(null),
  fc.constant(''),
  fc.constantFrom('\t', '\u00a0', '\u3000'),
  fc.string({ unit: fc.constantFrom(...BLANK_UNITS), minLength: 1, maxLength: 6 }),
);

describe('PUT: a required field sent null or blank is a 400 naming it, never its default', () => {
  it('holds for every required field of every PUT, as JSON and as a form with _method=PUT', async () => {
    const branchId = ok(await ctx.asAdmin('POST', '/api/branches', { name: 'Sucursal de la prueba' })).id;
    const typeIds = {
      event: ok(await ctx.asAdmin('POST', '/api/event-types', { name: 'Tipo', color: '#123456' })).id,
      notification: ok(await ctx.asAdmin('POST', '/api/notification-types', { name: 'Tipo' })).id,
    };
    const cases = putCases(branchId, typeIds);
    const puts = (await readOperations(ctx)).filter((op) => op.method === 'PUT').map((op) => op.key);
    expect(Object.keys(cases).sort()).toEqual(puts.sort());

    const guarded: string[] = [];
    for (const [key, { create, body, seller }] of Object.entries(cases)) {
      const url = await create();
      ok(await asUser(seller, 'PUT', url, body), 200);
      // Required: the API refuses the PUT without it.
      const required: string[] = [];
      for (const field of Object.keys(body)) {
        const { [field]: _left, ...rest } = body;
        if ((await asUser(seller, 'PUT', url, rest)).statusCode === 400) required.push(field);
      }
      const before = await tableChecksums(ctx.db);
      for (const field of required) {
        if (EMPTY_IS_A_VALUE.has(`${key} ${field}`)) continue;
        guarded.push(`${key} ${field}`);
        await fc.assert(
          fc.asyncProperty(blank, async (value) => {
            const json = await asUser(seller, 'PUT', url, { ...body, [field]: value });
            expect(json.statusCode, `${key} ${field}=${JSON.stringify(value)}: ${json.body}`).toBe(400);
            expect(json.json().errors?.[field], json.body).toBeDefined();
            // Spanish, naming the field ("El nombre es obligatorio", or `El campo "branch_id": …`).
            expect(
              refusalProblem(json.statusCode, json.body, String(json.headers['content-type'])),
            ).toBeNull();
            if (value === null || Object.values(body).some((v) => typeof v === 'object' && v !== null))
              return;
            const fields = urlencoded({
              ...(body as Record<string, string>),
              [field]: value,
              _method: 'PUT',
            });
            const form = seller
              ? await ctx.app.inject({
                  method: 'POST',
                  url,
                  payload: fields.payload,
                  headers: { ...bearer(ctx.seller.token), 'content-type': fields.contentType },
                })
              : await ctx.asAdminForm('POST', url, fields);
            expect(form.statusCode, `${key} (form) ${field}=${JSON.stringify(value)}: ${form.body}`).toBe(
              400,
            );
            expect(form.json().errors?.[field], form.body).toBeDefined();
          }),
          { numRuns: 12, seed: 20_261_126 },
        );
      }
      // Nothing was written by any refused PUT.
      expect(await tableChecksums(ctx.db), key).toEqual(before);
    }
    // The fields the issue names, among others.
    expect(guarded).toEqual(
      expect.arrayContaining([
        'PUT /api/events/{id} event_type_id',
        'PUT /api/notification-types/{id} color',
        'PUT /api/event-types/{id} color',
        'PUT /api/admin/point-actions/{id} points',
        'PUT /api/events/{id} title',
        'PUT /api/branches/{id} name',
        'PUT /api/app/comments/{id} content',
      ]),
    );
  });

  it('"branch_id": null on an event is every branch, as its GET says, and leaving it out is still a 400', async () => {
    const branchId = ok(await ctx.asAdmin('POST', '/api/branches', { name: 'Sucursal Sur' })).id;
    const typeId = ok(await ctx.asAdmin('POST', '/api/event-types', { name: 'Visita', color: '#654321' })).id;
    const body = {
      event_type_id: typeId,
      branch_id: branchId,
      title: 'Solo Sur',
      start_at: '2026-08-01T13:00:00Z',
      end_at: '2026-08-01T15:00:00Z',
    };
    const { id } = ok(await ctx.asAdmin('POST', '/api/events', body));
    const { branch_id: _left, ...withoutBranch } = body;
    const missing = await ctx.asAdmin('PUT', `/api/events/${id}`, withoutBranch);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.branch_id).toBeDefined();
    const still = (await ctx.asAdmin('GET', `/api/events/${id}`)).json().data;
    expect(still.branch_id).toBe(branchId);
    for (const every of [null, 0]) {
      await ctx.asAdmin('PUT', `/api/events/${id}`, body);
      const all = await ctx.asAdmin('PUT', `/api/events/${id}`, { ...body, branch_id: every });
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().data.branch_id).toBeNull();
    }
  });

  it('keeps the empty values that mean something: no limit on a point action, every branch on a survey', async () => {
    const action = ok(
      await ctx.asAdmin('POST', '/api/admin/point-actions', {
        key: 'visita_vacia',
        name: 'Visita',
        points: 40,
        daily_limit: 2,
        cooldown_seconds: 60,
      }),
    );
    const cleared = await ctx.asAdmin('PUT', `/api/admin/point-actions/${action.id}`, {
      name: 'Visita',
      points: 40,
      active: true,
      daily_limit: null,
      cooldown_seconds: '',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({ daily_limit: null, cooldown_seconds: null });
    const s = ok(await ctx.asAdmin('POST', '/api/admin/surveys', survey));
    const everyBranch = await ctx.asAdmin('PUT', `/api/admin/surveys/${s.id}`, {
      ...survey,
      branch_id: null,
    });
    expect(everyBranch.statusCode, everyBranch.body).toBe(200);
    expect(everyBranch.json().data.branch_id).toBeNull();
  });
});
