import { MSG } from '@panel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationTypes } from '../../../src/db/schema/notifications.ts';
import {
  bearer,
  createBranch,
  createBrand,
  createEventType,
  createManager,
  createSupplier,
  pointActionId,
  tokenFor,
} from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * The company's catalogue for branch managers (docs/product.md#branch-managers): they read it whole for
 * their forms (a post's brand, an event's type, a notification's type, the point actions), and never write it.
 */
let ctx: TestContext;
let manager: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const branch = (await createBranch(ctx.db)).id;
  manager = await tokenFor(ctx.db, (await createManager(ctx.db, branch)).id);
  ids.suppliers = (await createSupplier(ctx.db)).id;
  ids.brands = (await createBrand(ctx.db)).id;
  ids['event-types'] = (await createEventType(ctx.db)).id;
  const [type] = await ctx.db.insert(notificationTypes).values({ name: 'Aviso de sucursal' }).returning();
  ids['notification-types'] = type!.id;
  ids['admin/point-actions'] = await pointActionId(ctx.db, 'like_post');
});
afterAll(() => ctx?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(manager), ...(payload ? { payload } : {}) });

const RESOURCES = ['suppliers', 'brands', 'event-types', 'notification-types', 'admin/point-actions'];

describe('the catalogue for a branch manager', () => {
  it('reads every list and item, the same as an administrator', async () => {
    for (const resource of RESOURCES) {
      const list = await call('GET', `/api/${resource}`);
      expect(list.statusCode, `${resource}: ${list.body}`).toBe(200);
      const asAdmin = await ctx.asAdmin('GET', `/api/${resource}`);
      expect(list.json().meta.total, resource).toBe(asAdmin.json().meta.total);
      const item = await call('GET', `/api/${resource}/${ids[resource]}`);
      expect(item.statusCode, `${resource}: ${item.body}`).toBe(200);
      expect(item.json().data.id).toBe(ids[resource]);
    }
  });

  it('writes none of it: 403', async () => {
    for (const resource of RESOURCES) {
      const one = `/api/${resource}/${ids[resource]}`;
      for (const [method, url] of [
        ['POST', `/api/${resource}`],
        ['PUT', one],
        ['DELETE', one],
      ] as const) {
        const res = await call(method, url, method === 'DELETE' ? undefined : { name: 'Nuevo' });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(MSG.forbidden);
      }
    }
    const toggle = await call('PATCH', `/api/admin/point-actions/${ids['admin/point-actions']}/toggle`, {});
    expect(toggle.statusCode).toBe(403);
  });
});
