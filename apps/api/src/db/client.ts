import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

/** Which database to open (config.ts reads it from DATABASE_URL / DATA_DIR). */
export type DatabaseConfig = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** The query builder both drivers share: routes and services only use this. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database =
  | {
      kind: 'pglite';
      db: Db;
      client: PGlite;
      close(): Promise<void>;
      /** Queries and transactions handed to the embedded database and not finished: one runs, the rest wait. */
      pending(): number;
    }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; close(): Promise<void> };

export const pgliteExtensions = { pg_trgm, unaccent };

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') return openPostgres(config.url);
  return openPglite({ dataDir: config.dataDir });
}

export type PgliteDatabase = Extract<Database, { kind: 'pglite' }>;

/**
 * PGlite's PostgreSQL keeps its shared buffers inside the process's WASM memory, allocated and
 * zeroed at start, so every megabyte of `shared_buffers` is resident from the first second, and
 * WASM memory never shrinks. Its default, 128 MB, was a third of the server's idle memory. The
 * embedded database is meant for small installations (the demo data is about 40 MB on disk);
 * pages beyond the buffers come from the operating system's file cache. Measured with the demo
 * data (docs/performance.md): 407 → 316 MB at idle, peak under the bench's calls 486 → 310 MB, the
 * same throughput within the machine's noise.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

export async function openPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PgliteDatabase> {
  const client = await PGlite.create({
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...options,
    extensions: pgliteExtensions,
  });
  // PGlite runs one operation at a time; counting what was handed to it shows its queue (/api/metrics).
  let pending = 0;
  const track = <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async function tracked(...args: A): Promise<R> {
      pending++;
      try {
        return await run(...args);
      } finally {
        pending--;
      }
    };
  client.query = track(client.query.bind(client)) as PGlite['query'];
  client.exec = track(client.exec.bind(client)) as PGlite['exec'];
  client.transaction = track(client.transaction.bind(client)) as PGlite['transaction'];
  return {
    kind: 'pglite',
    db: drizzlePglite({ client }) as unknown as Db,
    client,
    close: () => client.close(),
    pending: () => pending,
  };
}

/**
 * How long a request waits for a database connection, a new one or a free one of the pool. Without
 * it a request waits for ever while PostgreSQL restarts or the pool is exhausted; with it the
 * request gets a Spanish 503 (plugins/error-mapping.ts). A refused connection fails at once anyway.
 */
export const DB_CONNECT_TIMEOUT_MS = 5_000;

export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor one checked out (a transaction between two statements) when PostgreSQL ends its session (a
  // restart, a failover): node-postgres then emits 'error' on the client, where the pool listens
  // only while it is idle, and an 'error' event nobody listens to ends the process. The statement
  // running or next fails on its own (a 503, plugins/error-mapping.ts), and the pool drops the
  // client when it comes back (no longer queryable).
  pool.on('connect', (client) => client.on('error', () => {}));
  return {
    kind: 'postgres',
    db: drizzleNodePg({ client: pool }) as unknown as Db,
    pool,
    close: () => pool.end(),
  };
}

/** Raw SQL whose rows both drivers return as `{ rows }`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * queryRows as a named prepared statement, for a hot query of fixed text whose planning costs more
 * than running it (a user's activity: about 1.5 ms planned, 0.7 ms run, on the generated tenant).
 * On PostgreSQL each pooled connection prepares it once under `name`, and after five runs the server
 * may keep one generic plan for every parameter value; PGlite ignores the name. The text must be
 * the same for every call with that name (node-postgres refuses a name reused for another text),
 * so only values go in as parameters, never SQL that varies.
 */
/** A raw statement compiled once per database, its values given at each call (reusedRawQuery). */
export interface ReusedRawQuery<T> {
  execute(values: Record<string, unknown>): Promise<T[]>;
}

const reusedRaw = new WeakMap<object, Map<string, ReusedRawQuery<unknown>>>();

/**
 * A prepared statement (named `name`, or unnamed) whose SQL `build` writes once, with a `sql.placeholder` for each value:
 * later calls only hand their values to `execute({ … })`, where queryPreparedRows composed and
 * compiled the whole template again on every call (13 % of the server's CPU for a seller's activity,
 * in drizzle's SQL builder). Only for `Db` (the pool), not a transaction.
 */
export function reusedRawQuery<T>(
  db: Db,
  name: string,
  build: () => SQL,
  options: { unnamed?: boolean } = {},
): ReusedRawQuery<T> {
  let statements = reusedRaw.get(db);
  if (!statements) {
    statements = new Map();
    reusedRaw.set(db, statements);
  }
  let statement = statements.get(name) as ReusedRawQuery<T> | undefined;
  if (!statement) {
    const { session, dialect } = db as unknown as DrizzleInternals;
    // `unnamed`: PostgreSQL plans the statement with each call's values, as every query built per call
    // (reusedQuery's choice); a name keeps the server's plan, for statements that plan slower than they run.
    const statementName = options.unnamed ? '' : name;
    const prepared = session.prepareQuery(dialect.sqlToQuery(build()), undefined, statementName, false);
    statement = {
      execute: async (values) => ((await prepared.execute(values)) as { rows: T[] }).rows,
    };
    statements.set(name, statement as ReusedRawQuery<unknown>);
  }
  return statement;
}

/** drizzle's session and dialect, left out of its public types. */
interface DrizzleInternals {
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(values?: Record<string, unknown>): Promise<unknown> };
  };
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
}

export async function queryPreparedRows<T>(db: Db | Tx, name: string, query: SQL): Promise<T[]> {
  // drizzle's db.execute(query) is session.prepareQuery(dialect.sqlToQuery(query)).execute()
  // without a name; both members are left out of drizzle's public types.
  const { session, dialect } = db as unknown as DrizzleInternals;
  const result = (await session
    .prepareQuery(dialect.sqlToQuery(query), undefined, name, false)
    .execute()) as {
    rows: T[];
  };
  return result.rows;
}
