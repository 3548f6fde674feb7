import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS, type Access } from '../../../src/plugins/auth.ts';
import { bearer, createBranch, createUser, tokenFor } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

interface Operation {
  method: string;
  path: string;
  access: Access;
  security: unknown;
}

let ctx: TestContext;
let operations: Operation[];
beforeAll(async () => {
  ctx = await createTestContext();
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  operations = Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(
    ([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        access: op['x-access'] as Access,
        security: op.security,
      })),
  );
});
afterAll(() => ctx?.close());

describe('the OpenAPI document', () => {
  it('documents every registered API route, and nothing else', () => {
    const registered = ctx.app.apiRoutes.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`).sort();
    const documented = operations.map((o) => `${o.method} ${o.path}`).sort();
    expect(documented).toEqual(registered);
    expect(documented.length).toBeGreaterThanOrEqual(18);
  });

  it('declares an access level and a matching bearer requirement on every operation', () => {
    for (const op of operations) {
      expect(ACCESS_LEVELS, `${op.method} ${op.path}`).toContain(op.access);
      expect(op.security, `${op.method} ${op.path}`).toEqual(
        op.access === 'public' ? [] : [{ bearerAuth: [] }],
      );
    }
  });
});

describe('every route enforces its declared access', () => {
  it('anonymous: 401 unless public; seller: 403 on admin routes; admin: never 401/403', async () => {
    const branch = await createBranch(ctx.db);
    const someone = await createUser(ctx.db, { branchId: null });
    const idFor = (path: string) => (path.startsWith('/api/users/') ? someone.id : branch.id);

    const checked: string[] = [];
    for (const op of operations) {
      const url = op.path.replace(/\{id\}/g, String(idFor(op.path)));
      // Fresh sessions per call: /api/logout revokes the one it is given.
      const sellerToken = await tokenFor(ctx.db, ctx.seller.id);
      const adminToken = await tokenFor(ctx.db, ctx.admin.id);
      const call = (headers: Record<string, string>) =>
        ctx.app.inject({
          method: op.method as 'GET',
          url,
          headers,
          ...(['POST', 'PUT', 'PATCH'].includes(op.method) ? { payload: {} } : {}),
        });
      const label = `${op.method} ${op.path} (${op.access})`;

      const anonymous = await call({});
      const seller = await call(bearer(sellerToken));
      const admin = await call(bearer(adminToken));

      if (op.access === 'public') {
        expect([401, 403], `${label} anonymous`).not.toContain(anonymous.statusCode);
      } else {
        expect(anonymous.statusCode, `${label} anonymous`).toBe(401);
      }
      // metrics: an admin session or METRICS_TOKEN (test/api/platform/metrics.test.ts), so a seller is refused;
      // panel: administrators and branch managers (their answers: test/api/security/access-matrix.test.ts).
      if (op.access === 'admin' || op.access === 'panel' || op.access === 'metrics') {
        expect(seller.statusCode, `${label} seller`).toBe(403);
      } else {
        expect([401, 403], `${label} seller`).not.toContain(seller.statusCode);
      }
      expect([401, 403], `${label} admin`).not.toContain(admin.statusCode);
      for (const res of [anonymous, seller, admin]) expect(res.statusCode, label).toBeLessThan(500);
      checked.push(label);
    }
    expect(checked).toHaveLength(operations.length);
  });
});
