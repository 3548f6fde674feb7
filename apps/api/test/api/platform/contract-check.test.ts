import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContractChecker,
  ContractViolation,
  checkContract,
  createContractChecker,
} from '../../../src/testing/contract.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * The check that every API test's answers go through (src/testing/contract.ts, hooked into
 * createTestContext): it must refuse what the document does not say, with a message that names the
 * operation and the difference.
 */
let ctx: TestContext;
let checker: ContractChecker;
beforeAll(async () => {
  ctx = await createTestContext();
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  checker = createContractChecker(doc);
});
afterAll(() => ctx?.close());

/** An answer as app.inject gives it. */
function answer(status: number, body: unknown, type = 'application/json; charset=utf-8') {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    statusCode: status,
    headers: type ? { 'content-type': type } : {},
    body: text,
    rawPayload: Buffer.from(text),
  } as unknown as LightMyRequestResponse;
}

const branch = {
  id: 1,
  name: 'Centro',
  city: null,
  address: null,
  has_connection_string: false,
  created_at: '2026-11-26T12:00:00.000Z',
  updated_at: '2026-11-26T12:00:00.000Z',
  version: 1,
};

describe('the contract check of every API answer', () => {
  it('accepts an answer the document describes', () => {
    expect(checker.check('GET', '/api/branches/1', answer(200, { data: branch }))).toBeNull();
    expect(checker.check('DELETE', '/api/branches/1', answer(204, undefined, ''))).toBeNull();
    expect(
      checker.check('GET', '/api/points/transactions/export?x=1', answer(200, 'ID;Usuario\r\n', 'text/csv')),
    ).toBeNull();
  });

  it('refuses a body off its schema, naming the field', () => {
    const { version: _v, ...old } = branch;
    const problem = checker.check('GET', '/api/branches/1', answer(200, { data: old }));
    expect(problem).toContain('getBranchesById');
    expect(problem).toContain("must have required property 'version'");
    expect(checker.check('GET', '/api/branches/1', answer(200, { data: { ...branch, extra: 1 } }))).toContain(
      'additional',
    );
  });

  it('refuses a status, a media type or a body the document does not declare', () => {
    expect(checker.check('GET', '/api/branches/1', answer(418, { message: 'x' }))).toContain(
      'no declara ese estado',
    );
    expect(checker.check('GET', '/api/branches/1', answer(200, '<html>', 'text/html'))).toContain(
      'tipo text/html no declarado',
    );
    // CSV errors are JSON.
    expect(
      checker.check('GET', '/api/points/transactions/export', answer(400, 'message;x', 'text/csv')),
    ).toContain('no declarado');
    expect(checker.check('DELETE', '/api/branches/1', answer(204, { data: 1 }))).toContain(
      'no declara cuerpo',
    );
  });

  it('prefers a literal path to a template: /api/app/events/{id}.ics is not /api/app/events/{id}', () => {
    expect(
      checker.check('GET', '/api/app/events/3.ics', answer(200, 'BEGIN:VCALENDAR', 'text/calendar')),
    ).toBeNull();
  });

  it('makes an API test fail: inject rejects with a ContractViolation that says why', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const fake = {
      inject: async () => answer(200, { data: { id: 'uno' } }),
      swagger: () => doc,
    };
    checkContract(fake);
    const call = (fake.inject as (o: object) => Promise<unknown>)({ method: 'GET', url: '/api/branches/1' });
    await expect(call).rejects.toBeInstanceOf(ContractViolation);
    await expect(call).rejects.toThrow(/GET \/api\/branches\/1 \(getBranchesById\) → 200 application\/json/);
  });
});
