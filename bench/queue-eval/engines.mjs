// One database per run: an in-process PGlite, or a fresh database on the local PostgreSQL
// (TEST_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function openPostgres(name) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  pool.on('error', () => {});
  return {
    url: url.toString(),
    pool,
    query: (text, values) => pool.query(text, values),
    async close() {
      await pool.end();
      const again = new pg.Client({ connectionString: ADMIN_URL });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name}`);
      await again.end();
    },
  };
}

export async function openPglite() {
  const lite = await PGlite.create();
  return { lite, query: (text, values) => lite.query(text, values), close: () => lite.close() };
}

export const ms = (since) => `${(performance.now() - since).toFixed(0)} ms`;
export const perJob = (since, n) => `${(((performance.now() - since) / n) * 1000).toFixed(0)} µs/job`;
