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
  return { database, reset: () => truncateAll(database), close: () => database.close() };
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

async function truncateAll(database: Database): Promise<void> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('point_actions', 'point_totals_settings')`,
  );
  const list = tables.map((t) => quoteIdent(t.name)).join(', ');
  // audit_log refuses TRUNCATE (append-only): tests lift that one trigger for their reset only.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
    await tx.execute(sql.raw(`TRUNCATE ${list} RESTART IDENTITY CASCADE`));
    await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
  });
}
