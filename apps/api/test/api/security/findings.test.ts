import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranch, createUser } from '../../../src/testing/factories.ts';
import { tableChecksums } from '../../../src/testing/table-checksums.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';
import { refusalProblem } from './fuzz/http-fuzz.ts';

/**
 * The fuzzer's inputs that met the findings of issue 13 (kept out of fuzz.test.ts's generic run
 * so each has one named test): over a real socket, each must be a complete Spanish 4xx.
 */
let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await createUser(ctx.db, { name: 'Vendedor Exportado', branchId: (await createBranch(ctx.db)).id });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx?.close());

async function call(method: string, url: string, init: { body?: string; contentType?: string } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${ctx.admin.token}` };
  if (init.contentType) headers['content-type'] = init.contentType;
  const res = await fetch(`${base}${url}`, { method, headers, body: init.body });
  let body: string;
  try {
    body = await res.text();
  } catch (error) {
    return `${method} ${url} → ${res.status}, cuerpo cortado: ${(error as Error).message}`;
  }
  const problem = refusalProblem(res.status, body, res.headers.get('content-type'));
  return problem ? `${method} ${url.slice(0, 120)} → ${res.status}: ${problem}` : null;
}

describe('issue 13, finding 2: an export whose filter the database refuses', () => {
  it('is a complete Spanish 400 before any byte of CSV, on both exports', async () => {
    const problems: string[] = [];
    const cases: Record<string, string[]> = {
      '/api/users/export': ['q=%00', 'q=a%00b', 'branch_id=2147483648', 'branch_id=9007199254740993'],
      '/api/points/transactions/export': [
        'q=%00',
        'q=a%00b',
        'user_id=2147483648',
        'user_id=9007199254740993',
      ],
    };
    for (const [path, queries] of Object.entries(cases)) {
      for (const query of queries) {
        const problem = await call('GET', `${path}?${query}`);
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('issue 13, finding 5: a misspelt query parameter on a write', () => {
  it('refuses the sellers import (400) and imports nothing', async () => {
    const before = await tableChecksums(ctx.db);
    const csv = 'name;email;role;password\nPersona Typo;persona.typo@example.com;seller;clave-larga-12345\n';
    const problems: string[] = [];
    for (const query of ['dry_run[]=1', 'DRY_RUN=1', 'dryrun=1', 'dry_run=1&dry-run=1']) {
      const problem = await call('POST', `/api/users/import?${query}`, {
        body: csv,
        contentType: 'text/csv',
      });
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
    expect(await tableChecksums(ctx.db)).toEqual(before);
  });
});
