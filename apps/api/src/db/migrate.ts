import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../lib/paths.ts';
import { type Database, type Db, queryRows } from './client.ts';

/** Any 64-bit constant works; it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_KEY = 7_231_004_519_866_210n;

export interface MigrationResult {
  applied: number;
  total: number;
}

/**
 * Runs `work` while holding a PostgreSQL session advisory lock, so that instances starting
 * together do their start-up (migrations, first admin, seeds) one after the other: the later
 * ones find everything done. PGlite has a single process (lock file), so it just runs.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return work();
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch(() => {});
    client.release();
  }
}

/** Applies the pending migrations in one transaction (drizzle's migrator). */
export async function applyMigrations(database: Database): Promise<MigrationResult> {
  const before = await countApplied(database.db);
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: database.client }), { migrationsFolder: migrationsDir });
  } else {
    await migrateNodePg(drizzleNodePg({ client: database.pool }), { migrationsFolder: migrationsDir });
  }
  const total = await countApplied(database.db);
  // A migration may rewrite the ledger (0013 added a stored column). Its index-only reads
  // (Historial's search, the leaderboards' ranges) need the visibility map, which only VACUUM sets,
  // and autovacuum would wait for a fifth of the ledger to be new. Outside the migration's transaction.
  if (total > before) await database.db.execute(sql`VACUUM point_transactions`);
  return { applied: total - before, total };
}

/** Migrations alone, under the start-up lock (CLI, tests). */
export function runMigrations(database: Database): Promise<MigrationResult> {
  return withStartupLock(database, () => applyMigrations(database));
}

async function countApplied(db: Db): Promise<number> {
  const [table] = await queryRows<{ name: string | null }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS name`,
  );
  if (!table?.name) return 0;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  );
  return Number(row?.n ?? 0);
}
