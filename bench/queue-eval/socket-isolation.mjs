// PGlite is one PostgreSQL session. A statement that reaches it through pglite-socket (how a pg.Pool
// library such as graphile-worker would reach it) while the app holds a transaction in-process runs
// inside that transaction, and is rolled back with it. In-process queries wait for the transaction instead.
//   node socket-isolation.mjs
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { openPglite } from './engines.mjs';

const db = await openPglite();
await db.lite.exec('CREATE TABLE t (v text)');
const server = new PGLiteSocketServer({ db: db.lite, port: 55434, host: '127.0.0.1', maxConnections: 4 });
await server.start();
const client = new pg.Client({
  connectionString: 'postgres://postgres@127.0.0.1:55434/postgres?sslmode=disable',
});
await client.connect();

async function whileAppTransaction(write) {
  const app = db.lite.transaction(async (tx) => {
    await tx.query(`INSERT INTO t VALUES ('app')`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await tx.rollback();
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const t0 = performance.now();
  await write();
  const waited = performance.now() - t0;
  await app.catch(() => {});
  return waited;
}
const viaSocket = await whileAppTransaction(() => client.query(`INSERT INTO t VALUES ('socket')`));
const viaApi = await whileAppTransaction(() => db.lite.query(`INSERT INTO t VALUES ('in-process')`));
console.log(
  `through the socket: answered after ${viaSocket.toFixed(0)} ms; in-process: after ${viaApi.toFixed(0)} ms`,
);
console.log(
  `rows left after the app's two rollbacks: ${JSON.stringify((await db.lite.query('SELECT v FROM t')).rows)}`,
);
await client.end();
await server.stop();
await db.close();
