import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openPostgres, queryRows } from '../../../src/db/client.ts';
import { mapError } from '../../../src/plugins/error-mapping.ts';

/**
 * PostgreSQL ending a connection while a request holds it (a restart, a failover, an operator's
 * pg_terminate_backend). node-postgres emits 'error' on a client checked out of the pool, and an
 * 'error' event nobody listens to ends the process: every instance died when its database restarted
 * during a write (the reliability suite, scripts/reliability/, saw it). The full restart under load
 * is there; this is the case on its own.
 */
describe.runIf(inject('dbKind') === 'postgres')(
  'a connection ended by PostgreSQL during a transaction',
  () => {
    it('fails that request with a 503, the process lives on, and the pool serves the next one', async () => {
      const database = openPostgres(inject('pgAdminUrl'), 2);
      if (database.kind !== 'postgres') throw new Error('postgres');
      const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
      await admin.connect();
      try {
        const failed = await database.db
          .transaction(async (tx) => {
            const [me] = await queryRows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
            await admin.query('SELECT pg_terminate_backend($1)', [me!.pid]);
            // The termination arrives while the transaction's client is checked out and idle.
            await new Promise((resolve) => setTimeout(resolve, 300));
            await tx.execute(sql`SELECT 1`);
          })
          .then(
            () => null,
            (error: unknown) => error,
          );
        expect(failed).not.toBeNull();
        expect(mapError(failed)).toMatchObject({ statusCode: 503, headers: { 'retry-after': '5' } });
        const [row] = await queryRows<{ one: number }>(database.db, sql`SELECT 1 AS one`);
        expect(row).toEqual({ one: 1 });
      } finally {
        await admin.end();
        await database.close();
      }
    });
  },
);
