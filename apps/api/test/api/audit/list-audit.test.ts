import { APP_MSG, AUDIT_MSG, MSG, ZAuditEntry } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/client.ts';
import { bearer, createAdmin, createBranch, tokenFor } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/** GET /api/audit: the audit trail read by administrators (the rows come from real writes). */
let ctx: TestContext;
let other: { id: number; token: string };
let branchIds: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createAdmin(ctx.db);
  other = { id: admin.id, token: await tokenFor(ctx.db, admin.id) };
  // 12 creates by the test's admin, then 3 updates of the first branch by another admin.
  branchIds = [];
  for (let i = 1; i <= 12; i++) {
    const res = await ctx.asAdmin('POST', '/api/branches', { name: `Sucursal ${i}` });
    expect(res.statusCode).toBe(201);
    branchIds.push(res.json().data.id);
  }
  for (const name of ['Primera', 'Primera bis', 'Primera ter']) {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/branches/${branchIds[0]}`,
      payload: { name },
      headers: bearer(other.token),
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => ctx?.close());

const list = async (query = '') => {
  const res = await ctx.asAdmin('GET', `/api/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: { id: number; actor_id: number; action: string; entity_id: number; changes: object }[];
    meta: { page: number; per_page: number; total: number; last_page: number; next_cursor: string | null };
  };
};

describe('GET /api/audit', () => {
  it('lists every entry newest first, 20 a page by default, in the declared shape', async () => {
    const body = await list();
    expect(body.meta).toMatchObject({ page: 1, per_page: 20, total: 15, last_page: 1, next_cursor: null });
    const ids = body.data.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    for (const entry of body.data) ZAuditEntry.parse(entry);
    expect(body.data[0]).toMatchObject({
      actor_id: other.id,
      action: 'update',
      entity: 'branches',
      entity_id: branchIds[0],
      route: 'PUT /api/branches/:id',
      changes: { name: { before: 'Primera bis', after: 'Primera ter' } },
    });
  });

  it('filters by administrator, entity, record and action, together', async () => {
    expect((await list(`?actor_id=${other.id}`)).meta.total).toBe(3);
    expect((await list(`?actor_id=${ctx.admin.id}`)).meta.total).toBe(12);
    expect((await list('?entity=branches')).meta.total).toBe(15);
    expect((await list('?entity=users')).meta.total).toBe(0);
    const one = await list(`?entity=branches&entity_id=${branchIds[0]}`);
    expect(one.data.map((e) => e.action)).toEqual(['update', 'update', 'update', 'create']);
    expect((await list(`?entity_id=${branchIds[0]}&action=create`)).meta.total).toBe(1);
    expect((await list(`?action=delete`)).meta.total).toBe(0);
  });

  it('filters by business days (APP_TIMEZONE), both ends inclusive', async () => {
    // 23:30 in Buenos Aires on 1 March is already 2 March in UTC: it belongs to 1 March.
    const [row] = await queryRows<{ id: number }>(
      ctx.db,
      sql`INSERT INTO audit_log (at, actor_id, action, entity, entity_id, changes)
          VALUES ('2026-03-02T02:30:00Z', ${ctx.admin.id}, 'update', 'suppliers', 77, '{"code": {"before": "A", "after": "B"}}')
          RETURNING id::int`,
    );
    const march1 = await list('?from=2026-03-01&to=2026-03-01');
    expect(march1.data.map((e) => e.id)).toEqual([row!.id]);
    expect((await list('?from=2026-03-02&to=2026-03-02')).meta.total).toBe(0);
    expect((await list('?to=2026-03-01')).data.map((e) => e.id)).toEqual([row!.id]);
    expect((await list('?from=2026-03-02')).meta.total).toBe(15);
  });

  it('pages with page/per_page, and with the keyset cursor to the same rows', async () => {
    const all = (await list('?per_page=100')).data.map((e) => e.id);
    const second = await list('?per_page=10&page=2');
    expect(second.meta).toMatchObject({ page: 2, per_page: 10, last_page: Math.ceil(all.length / 10) });
    expect(second.data.map((e) => e.id)).toEqual(all.slice(10, 20));

    const walked: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`?per_page=10${cursor ? `&cursor=${cursor}` : ''}`);
      walked.push(...page.data.map((e) => e.id));
      cursor = page.meta.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(walked).toEqual(all);
  });

  it('sorts on the server by date, administrator, kind of record and operation, newest first within', async () => {
    const newest = (await list('?per_page=100')).data.map((e) => e.id);
    expect((await list('?per_page=100&sort=at')).data.map((e) => e.id)).toEqual([...newest].reverse());
    expect((await list('?per_page=100&sort=-at')).data.map((e) => e.id)).toEqual(newest);
    const byAction = (await list('?per_page=100&sort=action')).data;
    expect(byAction.map((e) => e.action)).toEqual([...byAction.map((e) => e.action)].sort());
    const creates = byAction.filter((e) => e.action === 'create').map((e) => e.id);
    expect(creates).toEqual([...creates].sort((a, b) => b - a));
    const byActor = (await list('?per_page=100&sort=-actor_email')).data as unknown as {
      actor_email: string;
    }[];
    const emails = byActor.map((e) => e.actor_email);
    const named = emails.filter((e) => e !== null);
    // Descending, an entry written without an administrator (no email) last.
    expect(emails).toEqual([...[...named].sort().reverse(), ...emails.filter((e) => e === null)]);
    const paged = await list('?per_page=10&sort=at');
    expect(paged.meta.next_cursor).toBeNull();
    expect((await list('?per_page=10&page=2&sort=at')).data.map((e) => e.id)).toEqual(
      [...newest].reverse().slice(10, 20),
    );
  });

  it('refuses bad filters with a Spanish 400 naming the field', async () => {
    const cases: [string, string, string][] = [
      ['?entity=password_resets', 'entity', AUDIT_MSG.entityInvalid],
      ['?action=insert', 'action', AUDIT_MSG.actionInvalid],
      ['?actor_id=abc', 'actor_id', AUDIT_MSG.actorInvalid],
      ['?entity_id=0', 'entity_id', AUDIT_MSG.entityIdInvalid],
      ['?per_page=7', 'per_page', AUDIT_MSG.perPageInvalid],
      ['?from=2026-02-30', 'from', 'La fecha debe tener el formato AAAA-MM-DD'],
      ['?from=2026-03-10&to=2026-03-09', 'from', AUDIT_MSG.dateRangeInvalid],
      ['?cursor=bm8', 'cursor', APP_MSG.invalidCursor],
      ['?sort=ip', 'sort', AUDIT_MSG.sortInvalid],
      ['?sort=at&cursor=MTA', 'cursor', AUDIT_MSG.cursorWithSort],
      // Issue 28, item 10: a real day past the dates the panel keeps, and an empty list of entities.
      ['?to=9999-12-31', 'to', AUDIT_MSG.toOutOfRange],
      ['?from=0001-01-01', 'from', AUDIT_MSG.fromOutOfRange],
      ['?entity[]=', 'entity[]', AUDIT_MSG.listNotAccepted],
      ['?entity[]=users&entity[]=branches', 'entity[]', AUDIT_MSG.listNotAccepted],
    ];
    for (const [query, field, message] of cases) {
      const res = await ctx.asAdmin('GET', `/api/audit${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors?.[field], query).toContain(message);
    }
  });

  it('is for administrators only (401 without a session, 403 for a seller), and reading it writes nothing', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/audit' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(MSG.unauthenticated);
    const seller = await ctx.app.inject({
      method: 'GET',
      url: '/api/audit',
      headers: bearer(ctx.seller.token),
    });
    expect(seller.statusCode).toBe(403);
    expect(seller.json().message).toBe(MSG.forbidden);
    const before = (await list()).meta.total;
    await createBranch(ctx.db);
    expect((await list()).meta.total).toBe(before);
  });
});
