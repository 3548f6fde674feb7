import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { type Database, type Db, openPglite, openPostgres, queryRows } from '../db/client.ts';
import { databaseUrl, quoteIdent, withAdminClient } from './pg-admin.ts';
import './provided.ts';

export interface TestDatabase {
  database: Database;
  /** Empties every table (identities restart); the built-in point actions stay. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Runs `work` on a database that takes writes really at the same time: on PostgreSQL a pool of 20
 * connections of its own to the test database (closed afterwards), on PGlite its one connection,
 * where they queue. For tests that prove a trigger or a lock right under parallel writes.
 */
export async function withParallelDb(testDb: TestDatabase, work: (db: Db) => Promise<void>): Promise<void> {
  const database = testDb.database;
  if (database.kind !== 'postgres') return work(database.db);
  const url = (database.pool.options as { connectionString: string }).connectionString;
  const wide = openPostgres(url, 20);
  try {
    await work(wide.db);
  } finally {
    await wide.close();
  }
}

/** This test file's own database, already migrated, on the project's engine. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const kind = inject('dbKind');
  if (kind === 'postgres') return openPostgresCopy();
  const dump = readFileSync(inject('pgliteTemplatePath'));
  const database = await openPglite({ loadDataDir: new Blob([dump]) });
  return { database, reset: () => emptyAll(database), close: () => database.close() };
}

async function openPostgresCopy(): Promise<TestDatabase> {
  const serverUrl = inject('pgAdminUrl');
  const name = `${inject('pgRunPrefix')}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(
          `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(inject('pgTemplate'))}`,
        );
        return;
      } catch (error) {
        // Two clones at the same instant may see each other on the template; try again.
        if (attempt >= 10 || !/being accessed by other users/.test((error as Error).message)) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  const database = openPostgres(databaseUrl(serverUrl, name), 4);
  return {
    database,
    reset: () => truncateAll(database),
    close: async () => {
      await database.close();
      await withAdminClient(serverUrl, (c) =>
        c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
      );
    },
  };
}

/** The tables a reset empties: all but the point actions and the totals' settings. */
const RESET_TABLES =
  "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('point_actions', 'point_totals_settings')";

async function truncateAll(database: Database): Promise<void> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql.raw(`SELECT tablename AS name FROM (${RESET_TABLES}) t`),
  );
  const list = tables.map((t) => quoteIdent(t.name)).join(', ');
  // audit_log refuses TRUNCATE (append-only): tests lift that one trigger for their reset only.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
    await tx.execute(sql.raw(`TRUNCATE ${list} RESTART IDENTITY CASCADE`));
    await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
  });
}

/**
 * PGlite's reset: the same end state as truncateAll (every table but the two empty, their
 * identities back at the start, and so row_counts empty as TRUNCATE's triggers leave it), by
 * deleting the rows instead. TRUNCATE gives each of the ~30 tables and their indexes new files and
 * drops every cached plan: 0.5 to 1 s a reset on PGlite on a loaded 2-core machine, against ~0.1 s
 * for the deletes of the few rows a test writes, all in one statement (no round trip per table).
 * `session_replication_role = replica`, for this transaction only, keeps triggers out as TRUNCATE
 * does (the append-only guards, the counters, the foreign keys: every row of each goes anyway).
 */
async function emptyAll(database: Database): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(
      sql.raw(`DO $$
DECLARE
  t text;
  s record;
BEGIN
  PERFORM set_config('session_replication_role', 'replica', true);
  FOR t IN ${RESET_TABLES} LOOP
    EXECUTE format('DELETE FROM %I', t);
  END LOOP;
  FOR s IN
    SELECT seq.oid::regclass AS id, ps.seqstart AS start
      FROM pg_class seq
      JOIN pg_sequence ps ON ps.seqrelid = seq.oid
      JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = seq.oid
        AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
      JOIN pg_class owner ON owner.oid = d.refobjid
     WHERE seq.relkind = 'S' AND owner.relname IN (${RESET_TABLES})
  LOOP
    PERFORM setval(s.id, s.start, false);
  END LOOP;
END $$`),
    );
  });
}
