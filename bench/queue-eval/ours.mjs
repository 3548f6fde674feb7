// Our queue's statements (apps/api/src/services/push/queue.ts), same shape: 10,000 jobs queued in one
// INSERT ... SELECT, then claimed 16 at a time (FOR UPDATE SKIP LOCKED, the lease in run_at) and written
// sent in one UPDATE per claim.   node ours.mjs pglite|postgres
import { ms, openPglite, openPostgres, perJob } from './engines.mjs';

const engine = process.argv[2];
const db = engine === 'pglite' ? await openPglite() : await openPostgres('panel_queue_eval_ours');
await db.query(`CREATE TABLE subs (id serial PRIMARY KEY, endpoint text)`);
await db.query(
  `INSERT INTO subs (endpoint) SELECT 'https://fcm.googleapis.com/' || g FROM generate_series(1, 10000) g`,
);
await db.query(`CREATE TABLE push_jobs (id serial PRIMARY KEY, notification_id int NOT NULL, subscription_id int,
  status text NOT NULL DEFAULT 'pending', attempts int NOT NULL DEFAULT 0, run_at timestamptz NOT NULL DEFAULT now(),
  last_error text, created_at timestamptz NOT NULL DEFAULT now(), sent_at timestamptz)`);
await db.query(`CREATE INDEX push_jobs_due_idx ON push_jobs (run_at, id) WHERE status = 'pending'`);
let t0 = performance.now();
await db.query(`INSERT INTO push_jobs (notification_id, subscription_id, run_at, created_at)
  SELECT 1, s.id, now(), now() FROM subs s`);
console.log(`${engine} ours: queue 10,000 jobs in one statement: ${ms(t0)}`);
t0 = performance.now();
let n = 0;
for (;;) {
  const { rows } = await db.query(`WITH due AS (
      SELECT id FROM push_jobs WHERE status = 'pending' AND run_at <= now()
      ORDER BY run_at, id LIMIT 16 FOR UPDATE SKIP LOCKED),
    claimed AS (
      UPDATE push_jobs j SET run_at = now() + interval '30 seconds', attempts = j.attempts + 1
      FROM due WHERE j.id = due.id RETURNING j.id, j.subscription_id)
    SELECT c.id, s.endpoint FROM claimed c LEFT JOIN subs s ON s.id = c.subscription_id ORDER BY c.id`);
  if (rows.length === 0) break;
  n += rows.length;
  await db.query(
    `UPDATE push_jobs SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = ANY($1::int[])`,
    [rows.map((r) => r.id)],
  );
}
console.log(`${engine} ours: claim 16 + write sent, ${n} jobs: ${perJob(t0, n)}`);
await db.close();
