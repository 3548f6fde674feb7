import { BUILT_IN_POINT_ACTION_KEYS, POINT_ACTION_MSG, ZPointAction } from '@panel/shared';
import { notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pointActions } from '../../../src/db/schema/points.ts';
import { award } from '../../../src/services/points/award.ts';
import { bearer } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  await ctx.reset();
  // reset() keeps point_actions (the built-ins); the ledger is empty now, so the others can go.
  await ctx.db.delete(pointActions).where(notInArray(pointActions.key, [...BUILT_IN_POINT_ACTION_KEYS]));
});

const BASE = '/api/admin/point-actions';

async function create(payload: object = {}) {
  const res = await ctx.asAdmin('POST', BASE, {
    key: 'compartir post',
    name: 'Compartir publicación',
    ...payload,
  });
  expect(res.statusCode).toBe(201);
  return ZPointAction.parse(res.json().data);
}

const fieldErrors = (message: string, field: string) => ({ message, errors: { [field]: [message] } });

describe('GET /api/admin/point-actions', () => {
  it('lists the built-in actions, marked built_in, paged with {data, meta}', async () => {
    const res = await ctx.asAdmin('GET', `${BASE}?per_page=100`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, per_page: 100, total: 6, last_page: 1 });
    expect(body.data.map((a: { key: string }) => a.key).sort()).toEqual([
      'comment_post',
      'complete_survey',
      'create_post',
      'daily_login',
      'like_post',
      'view_story',
    ]);
    expect(body.data.every((a: { built_in: boolean }) => a.built_in)).toBe(true);
  });

  it('searches name, key and description on the server, filters by status and sorts by points', async () => {
    await create({ key: 'asistir_capacitacion', name: 'Asistir a capacitación', points: 50, active: false });
    const search = await ctx.asAdmin('GET', `${BASE}?q=CAPACITACION`);
    expect(search.json().data.map((a: { key: string }) => a.key)).toEqual(['asistir_capacitacion']);
    const inactive = await ctx.asAdmin('GET', `${BASE}?active=false`);
    expect(inactive.json().meta.total).toBe(1);
    const top = await ctx.asAdmin('GET', `${BASE}?sort=-points&per_page=2`);
    expect(top.json().data.map((a: { points: number }) => a.points)).toEqual([50, 20]);
  });
});

describe('POST /api/admin/point-actions', () => {
  it('creates an action: key lower-cased with underscores, points default 10, limits empty = none', async () => {
    const action = await create({ key: '  Compartir Post ', description: ' Compartir en redes ' });
    expect(action).toMatchObject({
      key: 'compartir_post',
      name: 'Compartir publicación',
      description: 'Compartir en redes',
      points: 10,
      active: true,
      daily_limit: null,
      cooldown_seconds: null,
      built_in: false,
    });
  });

  it('answers every validation rule with the spec message, naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ name: 'X' }, POINT_ACTION_MSG.keyRequired, 'key'],
      [{ key: '   ', name: 'X' }, POINT_ACTION_MSG.keyRequired, 'key'],
      [{ key: 'con-guion', name: 'X' }, POINT_ACTION_MSG.keyFormat, 'key'],
      [{ key: 'x', name: '  ' }, 'El nombre es obligatorio', 'name'],
      [{ key: 'x', name: 'X', points: -1 }, 'Los puntos no pueden ser negativos', 'points'],
      [{ key: 'x', name: 'X', daily_limit: 0 }, POINT_ACTION_MSG.dailyLimitMin, 'daily_limit'],
      [{ key: 'x', name: 'X', cooldown_seconds: 0 }, POINT_ACTION_MSG.cooldownMin, 'cooldown_seconds'],
    ];
    for (const [payload, message, field] of cases) {
      const res = await ctx.asAdmin('POST', BASE, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(fieldErrors(message, field));
    }
  });

  it('refuses a duplicate key with 409, also after normalising it', async () => {
    await create({ key: 'ver video' });
    const res = await ctx.asAdmin('POST', BASE, { key: 'Ver Video', name: 'Otra' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(fieldErrors(POINT_ACTION_MSG.keyTaken, 'key'));
    const builtIn = await ctx.asAdmin('POST', BASE, { key: 'like_post', name: 'Otra' });
    expect(builtIn.statusCode).toBe(409);
  });
});

/** The fields a PUT must send (no silent reset to the create defaults). */
const FULL = { points: 10, active: true, daily_limit: null, cooldown_seconds: null };

describe('PUT /api/admin/point-actions/{id}', () => {
  it('updates the fields and ignores a key sent along (the key is fixed)', async () => {
    const action = await create();
    const res = await ctx.asAdmin('PUT', `${BASE}/${action.id}`, {
      key: 'otra_clave',
      name: 'Compartir',
      points: 0,
      daily_limit: 2,
      cooldown_seconds: 30,
      active: false,
      description: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      key: 'compartir_post',
      name: 'Compartir',
      points: 0,
      daily_limit: 2,
      cooldown_seconds: 30,
      active: false,
      description: null,
    });
  });

  it('edits a built-in action, validates, and answers 404 for a missing one', async () => {
    const list = await ctx.asAdmin('GET', `${BASE}?q=like_post`);
    const like = list.json().data[0];
    const res = await ctx.asAdmin('PUT', `${BASE}/${like.id}`, {
      name: 'Me gusta',
      points: 3,
      active: true,
      daily_limit: null,
      cooldown_seconds: null,
    });
    expect(res.json().data).toMatchObject({ key: 'like_post', points: 3, daily_limit: null });
    expect((await ctx.asAdmin('PUT', `${BASE}/${like.id}`, { name: '', points: -2 })).statusCode).toBe(400);
    const missing = await ctx.asAdmin('PUT', `${BASE}/99999`, { name: 'X', ...FULL });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(POINT_ACTION_MSG.notFound);
  });

  it('also answers POST with _method=PUT', async () => {
    const action = await create();
    const res = await ctx.asAdmin('POST', `${BASE}/${action.id}`, {
      _method: 'PUT',
      name: 'Vía override',
      ...FULL,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Vía override');
  });
});

describe('PATCH /api/admin/point-actions/{id}/toggle', () => {
  it('deactivates and activates; an inactive action awards nothing', async () => {
    const action = await create();
    const off = await ctx.asAdmin('PATCH', `${BASE}/${action.id}/toggle`, { active: false });
    expect(off.json().data.active).toBe(false);
    expect(await award(ctx.db, { userId: ctx.seller.id, actionKey: action.key })).toEqual({
      awarded: false,
      reason: 'inactive',
    });
    const on = await ctx.asAdmin('PATCH', `${BASE}/${action.id}/toggle`, { active: true });
    expect(on.json().data.active).toBe(true);
    expect((await award(ctx.db, { userId: ctx.seller.id, actionKey: action.key })).awarded).toBe(true);
  });

  it('requires {active} and answers 404 for a missing action', async () => {
    const action = await create();
    expect((await ctx.asAdmin('PATCH', `${BASE}/${action.id}/toggle`, {})).statusCode).toBe(400);
    expect((await ctx.asAdmin('PATCH', `${BASE}/99999/toggle`, { active: true })).statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/point-actions/{id}', () => {
  it('deletes an unused action (204)', async () => {
    const action = await create();
    const res = await ctx.asAdmin('DELETE', `${BASE}/${action.id}`);
    expect(res.statusCode).toBe(204);
    expect((await ctx.asAdmin('DELETE', `${BASE}/${action.id}`)).statusCode).toBe(404);
  });

  it('refuses a built-in action with 409 and a clear message', async () => {
    const like = (await ctx.asAdmin('GET', `${BASE}?q=daily_login`)).json().data[0];
    const res = await ctx.asAdmin('DELETE', `${BASE}/${like.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(POINT_ACTION_MSG.builtInDelete);
  });

  it('refuses an action that already awarded points (409): the ledger stays whole', async () => {
    const action = await create();
    await award(ctx.db, { userId: ctx.seller.id, actionKey: action.key });
    const res = await ctx.asAdmin('DELETE', `${BASE}/${action.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(POINT_ACTION_MSG.inUse);
  });
});

describe('access', () => {
  it('401 without a session and 403 for a seller on every point-action call', async () => {
    const action = await create();
    const calls: [string, string, object?][] = [
      ['GET', BASE],
      ['POST', BASE, { key: 'x', name: 'X' }],
      ['PUT', `${BASE}/${action.id}`, { name: 'X' }],
      ['PATCH', `${BASE}/${action.id}/toggle`, { active: false }],
      ['DELETE', `${BASE}/${action.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const anonymous = await ctx.app.inject({ method: method as 'GET', url, payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const seller = await ctx.app.inject({
        method: method as 'GET',
        url,
        payload,
        headers: bearer(ctx.seller.token),
      });
      expect(seller.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
