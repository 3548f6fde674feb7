import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/client.ts';
import { VERSIONED_TABLES } from '../../../src/plugins/preconditions.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * The versions the database keeps for the records the panel edits (migration 0015,
 * docs/decisions/2026-11-26-record-versions.md): what raises one and what does not. The HTTP side
 * (ETag, If-Match, 412) is in test/api/platform/preconditions.test.ts.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

const one = async <T>(query: string) => (await queryRows<T>(ctx.db, sql.raw(query)))[0]!;
const versionOf = async (table: string, id: number) =>
  (await one<{ version: number }>(`SELECT version FROM ${table} WHERE id = ${id}`)).version;

// The tables are the plugin's own list (VERSIONED_TABLES): the database must version exactly the
// records whose routes answer with an ETag, no more and no fewer.
describe('record versions', () => {
  it('every edited table has a version that starts at 1 and a row_version trigger', async () => {
    const columns = await queryRows<{ table_name: string; column_default: string; is_nullable: string }>(
      ctx.db,
      sql`SELECT table_name, column_default, is_nullable FROM information_schema.columns
          WHERE table_schema = 'public' AND column_name = 'version' ORDER BY table_name`,
    );
    expect(columns.map((c) => c.table_name).sort()).toEqual([...VERSIONED_TABLES].sort());
    for (const c of columns) expect([c.column_default, c.is_nullable]).toEqual(['1', 'NO']);
    const triggers = await queryRows<{ table: string }>(
      ctx.db,
      sql`SELECT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
          WHERE t.tgname = 'row_version' ORDER BY 1`,
    );
    expect(triggers.map((t) => t.table).sort()).toEqual([...VERSIONED_TABLES].sort());
  });

  it('rises by one when the row changes, not when an update changes nothing, and never goes back', async () => {
    const { id } = await one<{ id: number }>(
      `INSERT INTO branches (name, city) VALUES ('Centro', 'Rosario') RETURNING id`,
    );
    expect(await versionOf('branches', id)).toBe(1);
    await one(`UPDATE branches SET name = 'Centro' WHERE id = ${id} RETURNING id`);
    expect(await versionOf('branches', id)).toBe(1);
    await one(`UPDATE branches SET name = 'Norte' WHERE id = ${id} RETURNING id`);
    expect(await versionOf('branches', id)).toBe(2);
    // A statement that sets the version itself still ends one above the old one.
    await one(`UPDATE branches SET version = 1 WHERE id = ${id} RETURNING id`);
    expect(await versionOf('branches', id)).toBe(3);
    await one(`UPDATE branches SET version = 90 WHERE id = ${id} RETURNING id`);
    expect(await versionOf('branches', id)).toBe(4);
  });

  it("a user's own password is not part of the record the panel edits; a name is", async () => {
    const id = ctx.seller.id;
    const before = await versionOf('users', id);
    await one(`UPDATE users SET password_hash = 'otro' WHERE id = ${id} RETURNING id`);
    expect(await versionOf('users', id)).toBe(before);
    await one(`UPDATE users SET name = 'Otro nombre' WHERE id = ${id} RETURNING id`);
    expect(await versionOf('users', id)).toBe(before + 1);
  });

  it('a survey changes version when one of its questions is added, changed or removed', async () => {
    const { id } = await one<{ id: number }>(`INSERT INTO surveys (title) VALUES ('Clima') RETURNING id`);
    const { id: q } = await one<{ id: number }>(
      `INSERT INTO survey_questions (survey_id, question_text, type) VALUES (${id}, '¿Cómo?', 'text') RETURNING id`,
    );
    const added = await versionOf('surveys', id);
    expect(added).toBeGreaterThan(1);
    await one(`UPDATE survey_questions SET question_text = '¿Por qué?' WHERE id = ${q} RETURNING id`);
    const changed = await versionOf('surveys', id);
    expect(changed).toBeGreaterThan(added);
    await one(`DELETE FROM survey_questions WHERE id = ${q} RETURNING id`);
    expect(await versionOf('surveys', id)).toBeGreaterThan(changed);
  });

  it('the audit trail leaves the version out, and a question alone records no survey row', async () => {
    const created = await ctx.asAdmin('POST', '/api/admin/surveys', {
      title: 'Clima',
      questions: [{ question_text: '¿Cómo?', type: 'text' }],
    });
    expect(created.statusCode).toBe(201);
    const rows = await queryRows<{
      entity: string;
      changes: Record<string, unknown>;
      cascade: { entity: string; rows: { changes: Record<string, unknown> }[] }[];
    }>(ctx.db, sql`SELECT entity, changes, "cascade" FROM audit_log ORDER BY id`);
    // The question is inside the survey's entry, with its values (issue 28, item 17).
    expect(rows.map((r) => r.entity)).toEqual(['surveys']);
    expect(rows[0]!.cascade.map((c) => c.entity)).toEqual(['survey_questions']);
    const changes = [rows[0]!.changes, ...rows[0]!.cascade[0]!.rows.map((r) => r.changes)];
    expect(changes).toHaveLength(2);
    for (const fields of changes) expect(fields).not.toHaveProperty('version');
  });
});
