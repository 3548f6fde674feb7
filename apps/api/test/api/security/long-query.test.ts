import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';
import { refusalProblem } from './fuzz/http-fuzz.ts';
import { readOperations } from './route-fixtures.ts';

/** Issue 13, finding 7: a query string beyond Node's header limit, over a real socket. */
let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx?.close());

async function call(method: string, url: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${ctx.admin.token}` },
  });
  const problem = refusalProblem(res.status, await res.text(), res.headers.get('content-type'));
  return problem ? `${method} ${url.slice(0, 80)}… → ${res.status}: ${problem}` : null;
}

describe('issue 13, finding 7: a 100 000-character query string', () => {
  // OPEN FINDING (issue 13, finding 7, s-harden's area): Node answers a request line over 16 KB with
  // 431 and Fastify's English JSON before the app sees it. `it.fails` keeps CI green while it is open
  // and turns red the day it is fixed: then make this a plain `it`.
  it.fails("OPEN finding 7: gets the app's Spanish 4xx on every operation with a query, not Node's English 431", async () => {
    const problems: string[] = [];
    for (const op of await readOperations(ctx)) {
      if (op.query.length === 0 || op.path.includes('{')) continue;
      const problem = await call(op.method, `${op.path}?q=${'q'.repeat(100_000)}`);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  });
});
