// pg-boss 10.4.2 (the last major for Node 20) on PGlite, through its `db.executeSql` option over PGlite's
// in-process API, and on PostgreSQL: install, 10,000 jobs in one insert, a job due while the server was
// down, singletonKey, then fetch 16 + complete.   node pg-boss.mjs pglite|postgres
import PgBoss from 'pg-boss';
import { ms, openPglite, openPostgres, perJob } from './engines.mjs';

const engine = process.argv[2];
const db = engine === 'pglite' ? await openPglite() : await openPostgres('panel_queue_eval_pgboss');
// PGlite's query() takes one statement with parameters, exec() several without.
const executeSql =
  engine === 'pglite'
    ? async (text, values) =>
        values?.length ? db.lite.query(text, values) : ((await db.lite.exec(text)).at(-1) ?? { rows: [] })
    : (text, values) => db.pool.query(text, values);
let t0 = performance.now();
const boss = new PgBoss({ db: { executeSql }, schema: 'pgboss' });
boss.on('error', (error) => console.log(`${engine} pg-boss error: ${error.message}`));
await boss.start();
const [{ n: tables }] = (
  await db.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'pgboss'`)
).rows;
console.log(`${engine} pg-boss: start (installs schema pgboss, ${tables} tables): ${ms(t0)}`);
await boss.createQueue('push', { retryLimit: 7, retryDelay: 30, retryBackoff: true, expireInSeconds: 30 });
t0 = performance.now();
await boss.insert(
  Array.from({ length: 10_000 }, (_, i) => ({ name: 'push', data: { subscriptionId: i + 1 } })),
);
console.log(`${engine} pg-boss: insert 10,000 jobs (JSON from the process): ${ms(t0)}`);
const due = { startAfter: new Date(Date.now() - 1000), singletonKey: 'reminder:1' };
const first = await boss.send('push', { reminder: true }, due);
const second = await boss.send('push', { reminder: true }, due);
console.log(
  `${engine} pg-boss: the same singletonKey twice on a standard queue: ${second && second !== first ? 'two jobs' : 'one job'}`,
);
t0 = performance.now();
let n = 0;
for (;;) {
  const jobs = await boss.fetch('push', { batchSize: 16 });
  if (!jobs?.length) break;
  n += jobs.length;
  await boss.complete(
    'push',
    jobs.map((j) => j.id),
  );
}
console.log(
  `${engine} pg-boss: fetch 16 + complete, ${n} jobs (the one due while down among them): ${perJob(t0, n)}`,
);
await boss.stop({ graceful: false, close: false, wait: true });
await db.close();
