// graphile-worker 0.17.3 on PostgreSQL, and on PGlite through @electric-sql/pglite-socket (it needs a
// pg.Pool; PGlite has one session, so prepared statements are off): migrate, 10,000 jobs added in the
// notification's transaction, a job due while the server was down with a job_key, then its own worker
// (concurrency 16).   node graphile-worker.mjs pglite|postgres
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { makeWorkerUtils, run } from 'graphile-worker';
import pg from 'pg';
import { ms, openPglite, openPostgres, perJob } from './engines.mjs';

const engine = process.argv[2];
let url;
let db;
let server;
if (engine === 'pglite') {
  db = await openPglite();
  server = new PGLiteSocketServer({ db: db.lite, port: 55433, host: '127.0.0.1', maxConnections: 20 });
  await server.start();
  url = 'postgres://postgres@127.0.0.1:55433/postgres?sslmode=disable';
} else {
  db = await openPostgres('panel_queue_eval_gw');
  url = db.url;
}
const pool = new pg.Pool({ connectionString: url, max: 16 });
pool.on('error', () => {});
let t0 = performance.now();
const utils = await makeWorkerUtils({ pgPool: pool, noPreparedStatements: engine === 'pglite' });
await utils.migrate();
console.log(`${engine} graphile-worker: migrate (schema graphile_worker): ${ms(t0)}`);
const client = await pool.connect();
await client.query('CREATE TABLE notifications (id serial PRIMARY KEY, title text)');
t0 = performance.now();
await client.query('BEGIN');
await client.query(`INSERT INTO notifications (title) VALUES ('Aviso')`);
await client.query(`SELECT graphile_worker.add_jobs(array(
  SELECT json_populate_record(NULL::graphile_worker.job_spec,
    json_build_object('identifier', 'push', 'payload', json_build_object('subscriptionId', g)))
  FROM generate_series(1, 10000) g))`);
await client.query('COMMIT');
console.log(`${engine} graphile-worker: add_jobs 10,000 in the notification's transaction: ${ms(t0)}`);
for (let i = 0; i < 2; i++) {
  await client.query(`SELECT graphile_worker.add_job('reminder', '{}'::json,
    run_at := now() - interval '1 second', job_key := 'reminder:1')`);
}
const [{ n: reminders }] = (
  await client.query(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'reminder'`)
).rows;
console.log(`${engine} graphile-worker: the same job_key twice: ${reminders} job`);
client.release();
let pushed = 0;
let reminded = 0;
let allPushed;
const done = new Promise((resolve) => {
  allPushed = resolve;
});
t0 = performance.now();
const runner = await run({
  pgPool: pool,
  concurrency: 16,
  noHandleSignals: true,
  noPreparedStatements: engine === 'pglite',
  pollInterval: 1000,
  logger: new (await import('graphile-worker')).Logger(() => () => {}),
  taskList: {
    push: async () => {
      if (++pushed === 10_000) allPushed();
    },
    reminder: async () => {
      reminded++;
    },
  },
});
await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 180_000))]);
console.log(`${engine} graphile-worker: its worker, ${pushed} jobs: ${perJob(t0, pushed)}`);
await new Promise((resolve) => setTimeout(resolve, 2000));
console.log(`${engine} graphile-worker: the job due while down ran ${reminded} time(s)`);
await runner.stop();
await utils.release();
await pool.end();
await server?.stop();
await db.close();
// The runner can keep a timer alive after stop() on a loaded machine; the trial is over.
process.exit(0);
