import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createBranch } from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
let branchId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  branchId = (await createBranch(ctx.db)).id;
});
afterAll(() => ctx?.close());

const RUNS = 40;
const admin = () => bearer(ctx.admin.token);

// Strings that tend to break things: NUL bytes, huge numbers, wildcards, unicode, SQL-ish text.
const nasty = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '\u0000',
    '1e400',
    '-1',
    '0',
    '2147483648',
    '99999999999999999999',
    '%',
    '_',
    "'; drop table users; --",
    'NaN',
    '[]',
    '{}',
    'ñ',
    '😀',
  ),
  fc.integer().map(String),
  fc.double().map(String),
);
const queryString = fc
  .dictionary(
    fc.constantFrom('page', 'per_page', 'q', 'sort', 'city', 'role', 'branch_id', 'active', 'x'),
    nasty,
  )
  .map((params) => new URLSearchParams(params).toString());
const jsonValue = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      name: nasty,
      email: nasty,
      password: nasty,
      role: nasty,
      branch_id: fc.oneof(fc.integer(), fc.double(), nasty, fc.constant(null)),
      active: fc.oneof(fc.boolean(), nasty),
      city: nasty,
      address: nasty,
      connection_string: fc.oneof(nasty, fc.constant(null)),
    },
    { requiredKeys: [] },
  ),
);

describe('bad input never causes a server error', () => {
  it('list queries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/branches', '/api/users'), queryString, async (path, qs) => {
        const res = await ctx.app.inject({ method: 'GET', url: `${path}?${qs}`, headers: admin() });
        expect(res.statusCode, `${path}?${qs}`).toBeLessThan(500);
        expect([200, 400]).toContain(res.statusCode);
      }),
      { numRuns: RUNS },
    );
  });

  it('JSON bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          ['POST', '/api/branches'],
          ['PUT', `/api/branches/{branch}`],
          ['POST', '/api/users'],
          ['PUT', '/api/users/{admin}'],
          ['POST', '/api/login'],
        ),
        jsonValue,
        async ([method, template], body) => {
          const url = template.replace('{branch}', String(branchId)).replace('{admin}', String(ctx.admin.id));
          const res = await ctx.app.inject({
            method: method as 'POST',
            url,
            headers: { ...admin(), 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('path ids', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/branches/', '/api/users/'), nasty, async (prefix, id) => {
        const res = await ctx.app.inject({
          method: 'GET',
          url: prefix + encodeURIComponent(id),
          headers: admin(),
        });
        expect(res.statusCode, prefix + id).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });
});
