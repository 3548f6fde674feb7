import { FIELD_REQUIRED } from '@panel/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/users.ts';
import { SERVER_MSG } from '../../../src/lib/http-errors.ts';
import { bearer, createBranch, createEventType } from '../../../src/testing/factories.ts';
import { urlencoded } from '../../../src/testing/form-body.ts';
import { formData, makeImage } from '../../../src/testing/images.ts';
import { refusal } from '../../../src/testing/refusal.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/** Issue 13, finding 4 and 5: strict dates, full PUTs, no loose coercion, no unknown query parameters. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

const eventBody = (typeId: number, extra: Record<string, unknown> = {}) => ({
  event_type_id: typeId,
  branch_id: 0,
  title: 'Capacitación',
  start_at: '2026-07-01T13:00:00Z',
  end_at: '2026-07-01T15:00:00Z',
  ...extra,
});

describe('dates parse strictly', () => {
  it('refuses a story starting on 30 February or at "1"', async () => {
    const jpeg = await makeImage('jpeg', { width: 64, height: 64 });
    for (const starts_at of ['2026-02-30T10:00:00Z', '1', '2026-13-01T00:00:00Z']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/stories',
        payload: formData({ title: 'X', starts_at }, [
          { field: 'image', name: 'a.jpg', type: 'image/jpeg', bytes: jpeg },
        ]),
        headers: bearer(ctx.admin.token),
      });
      expect(res.statusCode, starts_at).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['starts_at']);
    }
  });
});

describe('PUT requires the fields that have a default on create', () => {
  it('a point action keeps its points and limits unless they are sent', async () => {
    const created = await ctx.asAdmin('POST', '/api/admin/point-actions', {
      key: 'visita_local',
      name: 'Visita',
      points: 40,
      daily_limit: 2,
      cooldown_seconds: 60,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const res = await ctx.asAdmin('PUT', `/api/admin/point-actions/${id}`, { name: 'Visita al local' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      points: [FIELD_REQUIRED],
      daily_limit: [FIELD_REQUIRED],
      cooldown_seconds: [FIELD_REQUIRED],
      active: [FIELD_REQUIRED],
    });
    const list = (await ctx.asAdmin('GET', '/api/admin/point-actions?per_page=100')).json().data;
    const after = list.find((a: { id: number }) => a.id === id);
    expect(after).toMatchObject({ points: 40, daily_limit: 2, cooldown_seconds: 60 });
  });

  it('an event keeps its type and branch unless they are sent', async () => {
    const type = await createEventType(ctx.db);
    const branch = await createBranch(ctx.db);
    const created = await ctx.asAdmin('POST', '/api/events', eventBody(type.id, { branch_id: branch.id }));
    expect(created.statusCode).toBe(201);
    const { event_type_id: _t, branch_id: _b, ...rest } = eventBody(type.id);
    const res = await ctx.asAdmin('PUT', `/api/events/${created.json().data.id}`, rest);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['branch_id', 'event_type_id']);
    // Sent blank it is every branch, as 0 and null are (issue 28, item 5: what a GET answers, a PUT takes;
    // answers give every branch as null, which a form can only send blank). Left out it stays a 400.
    const blank = await ctx.asAdminForm(
      'POST',
      `/api/events/${created.json().data.id}`,
      urlencoded({ ...rest, event_type_id: type.id, branch_id: '', _method: 'PUT' }),
    );
    expect(blank.statusCode).toBe(200);
    expect(blank.json().data.branch_id).toBeNull();
    const everyBranch = await ctx.asAdminForm(
      'POST',
      `/api/events/${created.json().data.id}`,
      urlencoded({ ...rest, event_type_id: type.id, branch_id: 0, _method: 'PUT' }),
    );
    expect(everyBranch.statusCode).toBe(200);
    expect(everyBranch.json().data.branch_id).toBeNull();
  });

  it('a notification type keeps its colour and icon unless they are sent', async () => {
    const created = await ctx.asAdmin('POST', '/api/notification-types', {
      name: 'Aviso',
      color: '#00AA00',
      icon: '3.png',
    });
    expect(created.statusCode).toBe(201);
    const res = await ctx.asAdmin('PUT', `/api/notification-types/${created.json().data.id}`, {
      name: 'Aviso 2',
    });
    expect(Object.keys(refusal(res).errors).sort()).toEqual(['color', 'icon']);
  });
});

describe('JSON values are not coerced; form strings are', () => {
  it('refuses true, [3] and "0x10" as a branch id in JSON, and takes "3" from a form', async () => {
    const type = await createEventType(ctx.db);
    const branch = await createBranch(ctx.db);
    for (const branch_id of [true, [branch.id], '0x10', '1e1', ' 3']) {
      const res = await ctx.asAdmin('POST', '/api/events', eventBody(type.id, { branch_id }));
      expect(res.statusCode, JSON.stringify(branch_id)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['branch_id']);
    }
    const form = await ctx.asAdminForm(
      'POST',
      '/api/events',
      urlencoded({ ...eventBody(type.id), branch_id: String(branch.id), event_type_id: String(type.id) }),
    );
    expect(form.statusCode).toBe(201);
    expect(form.json().data.branch_id).toBe(branch.id);
  });

  it('query integers are decimal only, within the database range', async () => {
    for (const query of ['page=0x10', 'page=1e1', 'per_page=%205', 'branch_id=2147483648', 'branch_id=-1']) {
      const res = await ctx.asAdmin('GET', `/api/users?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await ctx.asAdmin('GET', '/api/users?page=2&branch_id=2147483647')).statusCode).toBe(200);
    expect((await ctx.asAdmin('GET', '/api/branches/0x10')).statusCode).toBe(400);
    expect((await ctx.asAdmin('GET', '/api/branches/2147483648')).statusCode).toBe(400);
  });
});

describe('unknown query parameters on a write are refused', () => {
  it('DRY_RUN=1 or dry_run[]=1 on the import is a 400 that imports nothing', async () => {
    const before = (await ctx.db.select({ n: count() }).from(users))[0]!.n;
    for (const query of ['DRY_RUN=1', 'dry_run[]=1', 'dry_run=1&dry_run=1', 'dryrun=1']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/users/import?${query}`,
        payload: 'nombre;email\nRosa Vidal;rosa@empresa.com.ar\n',
        headers: { ...bearer(ctx.admin.token), 'content-type': 'text/csv' },
      });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await ctx.db.select({ n: count() }).from(users))[0]!.n).toBe(before);
  });

  it('any write route refuses a parameter it does not declare', async () => {
    const branch = await createBranch(ctx.db);
    const res = await ctx.asAdmin('DELETE', `/api/branches/${branch.id}?force=1`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('force');
    expect((await ctx.asAdmin('GET', `/api/branches/${branch.id}`)).statusCode).toBe(200);
  });
});

describe('unknown query parameters on a read are refused too (issue 28, item 7)', () => {
  it('a misspelt filter is a Spanish 400 naming it, not an unfiltered list', async () => {
    const branch = await createBranch(ctx.db);
    for (const [url, name] of [
      [`/api/users?brach_id=${branch.id}`, 'brach_id'],
      [`/api/branches/${branch.id}?force=1`, 'force'],
      ['/api/users?branch_id[]=1', 'branch_id[]'],
      ['/api/me?_=1733100000000', '_'],
      ['/api/health?readyy=1', 'readyy'],
    ] as const) {
      const res = await ctx.asAdmin('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        message: SERVER_MSG.unknownQueryParameterOnRead(name),
        errors: { [name]: [SERVER_MSG.unknownQueryParameterOnRead(name)] },
      });
    }
    expect(
      (await ctx.asAdmin('GET', `/api/users?branch_id=${branch.id}&page=1&per_page=10`)).statusCode,
    ).toBe(200);
  });
});

describe('a very long search over real HTTP', () => {
  it("a 100,000-character q gets the app's Spanish 400, not Node's bare 431", async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/users?q=${'a'.repeat(100_000)}`, {
      headers: bearer(ctx.admin.token),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual(['q']);
  });
});
