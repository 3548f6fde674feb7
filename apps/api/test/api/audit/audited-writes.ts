import { isDeepStrictEqual } from 'node:util';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type AuditRow, adminRowProblems, auditRows, lastAuditId } from '../../../src/testing/audit.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';
import {
  callOperation,
  type Operation,
  type OperationCall,
  putTwinOf,
  readOperations,
} from '../security/route-fixtures.ts';

/**
 * What the two completeness tests of the audit trail share (audit-coverage.test.ts: the panel's
 * writes; audit-app-writes.test.ts: the routes sellers share): a real call per write operation of the
 * live OpenAPI document, and what its audit rows must show.
 */

/** What one write's audit rows must hold. */
export interface ExpectedAudit {
  entity: string;
  action: 'create' | 'update' | 'delete';
  /** null: the id in the answer's `data.id`; 'any': whichever rows the write touched. */
  entityId: number | null | 'any';
  /** Fields that must be among the changes, with their before/after when given (true, or a list of names: any). */
  changes: Record<string, { before: unknown; after: unknown } | true> | string[];
}

/** A real successful call of one write operation, and what its audit rows must show. */
export type WriteSpec<Args extends unknown[] = []> = (
  ...args: Args
) => Promise<{ call: OperationCall; expected: ExpectedAudit }>;

/** A test context and the live OpenAPI document's operations. */
export async function openAudit(): Promise<{ ctx: TestContext; operations: Operation[] }> {
  const ctx = await createTestContext();
  return { ctx, operations: await readOperations(ctx) };
}

/**
 * Every write of `writes` (at least `atLeast` of them) has an entry among `specs` (a POST twin
 * counts as its PUT), and every entry is a write of the document.
 */
export function expectEveryWriteCovered(
  operations: Operation[],
  writes: Operation[],
  specs: Record<string, unknown>,
  atLeast: number,
) {
  expect(writes.length).toBeGreaterThanOrEqual(atLeast);
  const missing = writes.filter((o) => !specs[putTwinOf(operations, o) ?? o.key]).map((o) => o.key);
  const stale = Object.keys(specs).filter((k) => !writes.some((o) => o.key === k));
  expect(missing, 'writes without an entry').toEqual([]);
  expect(stale, 'entries for routes that are gone').toEqual([]);
}

/**
 * Makes every write of `writes` that has an entry in `specs` as the administrator (`args` go to
 * the entry): the problems writeProblems finds, and how many of the calls succeeded.
 */
export async function checkAdminWrites<Args extends unknown[]>(
  ctx: TestContext,
  operations: Operation[],
  writes: Operation[],
  specs: Record<string, WriteSpec<Args>>,
  ...args: Args
): Promise<{ failures: string[]; checked: number }> {
  const failures: string[] = [];
  let checked = 0;
  for (const op of writes) {
    const spec = specs[putTwinOf(operations, op) ?? op.key];
    if (!spec) continue; // expectEveryWriteCovered reports it
    const { call, expected } = await spec(...args);
    const answer = await auditedCall(ctx, operations, op, call, ctx.admin.token);
    failures.push(...writeProblems(operations, op, ctx.admin, answer, expected));
    if (answer.res.statusCode < 300) checked++;
  }
  return { failures, checked };
}

/** Calls `op` as `token` with its spec's call; the answer and the audit rows the call left. */
export async function auditedCall(
  ctx: TestContext,
  operations: Operation[],
  op: Operation,
  call: OperationCall,
  token: string,
): Promise<{ res: LightMyRequestResponse; rows: AuditRow[] }> {
  const before = await lastAuditId(ctx.db);
  const res = await callOperation(ctx, op, call, token, putTwinOf(operations, op) !== null);
  return { res, rows: await auditRows(ctx.db, before) };
}

/**
 * What is wrong with an administrator's successful write `op`: its rows must name the admin, the
 * address, the request and the operation (adminRowProblems), and one of them the record and its
 * expected changes.
 */
export function writeProblems(
  operations: Operation[],
  op: Operation,
  admin: { id: number; email: string },
  { res, rows }: { res: LightMyRequestResponse; rows: AuditRow[] },
  expected: ExpectedAudit,
): string[] {
  const label = `${op.key} → ${res.statusCode}`;
  if (res.statusCode >= 300) return [`${label}: the call did not succeed: ${res.body.slice(0, 300)}`];
  const twin = putTwinOf(operations, op);
  const operation = `${twin ? 'PUT' : op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`;
  const problems = adminRowProblems(label, rows, admin, operation);
  for (const row of rows)
    if (Object.keys(row.changes).length === 0) problems.push(`${label}: audit row without changes`);
  const entityId =
    expected.entityId === null ? (res.json() as { data?: { id?: number } }).data?.id : expected.entityId;
  const wanted = Array.isArray(expected.changes)
    ? Object.fromEntries(expected.changes.map((field) => [field, true as const]))
    : expected.changes;
  const match = rows.find(
    (r) =>
      r.entity === expected.entity &&
      r.action === expected.action &&
      (entityId === 'any' || r.entity_id === entityId) &&
      Object.entries(wanted).every(
        ([field, change]) =>
          field in r.changes && (change === true || isDeepStrictEqual(r.changes[field], change)),
      ),
  );
  if (!match)
    problems.push(
      `${label}: no ${expected.action} of ${expected.entity} #${entityId} with ${JSON.stringify(expected.changes)}; got ${JSON.stringify(rows).slice(0, 600)}`,
    );
  return problems;
}
