// What the audit trail costs an administrator's write (docs/decisions/2026-11-24-audit-trail.md):
// N sequential `PUT /api/branches/:id` through the real app (app.inject), with the audit on, then with
// the tables' audit_row triggers disabled (the transaction wrapper stays), alternating in rounds so
// load changes hit both alike. Then the same UPDATE straight on the database: alone, and in a
// transaction with the five set_config calls, the trigger and the flush that writes the entry.
//   cd apps/api && npx tsx ../../bench/api/audit-cost.ts [pglite|postgres] [N]
// postgres uses BENCH_DATABASE_URL (a database it may fill; default a new one on the local server).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { type Database, openPglite, openPostgres, queryRows } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { branches } from '../../apps/api/src/db/schema/branches.ts';
import { flushAudit } from '../../apps/api/src/services/audit/flush.ts';
import { createSession } from '../../apps/api/src/services/auth/sessions.ts';
import { insertUser } from '../../apps/api/src/services/users/records.ts';

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const N = Number(process.argv[3] ?? 500);
const ROUNDS = 5;

let database: Database;
let dropDb: (() => Promise<void>) | null = null;
if (kind === 'pglite') database = await openPglite();
else {
  const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `audit_cost_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  database = openPostgres(url.toString());
  dropDb = async () => {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  };
}
await runMigrations(database);
const dataDir = mkdtempSync(join(tmpdir(), 'audit-cost-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  APP_SECRET: 'x'.repeat(40),
  WEB_DIST_DIR: join(dataDir, 'none'),
});
const app = await buildApp({ config, db: database, push: { worker: false } });
await app.ready();
const db = database.db;
const adminId = await insertUser(db, {
  name: 'Bench',
  email: 'bench@audit.test',
  password: 'clave-de-bench-2026',
  role: 'admin',
  branch_id: null,
  active: true,
});
const token = await createSession(db, adminId, new Date());
const [branch] = await db.insert(branches).values({ name: 'Bench 0', city: 'Rosario' }).returning();

let counter = 0;
async function puts(n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/branches/${branch!.id}`,
      payload: { name: `Bench ${++counter}`, city: 'Rosario' },
      headers: { authorization: `Bearer ${token}` },
    });
    times.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  return times;
}
async function updates(n: number, audited: boolean): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    if (!audited)
      await db.execute(sql`UPDATE branches SET name = ${`Bench ${++counter}`} WHERE id = ${branch!.id}`);
    else
      await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('app.actor_id', ${String(adminId)}, true),
          set_config('app.actor_email', 'bench@audit.test', true), set_config('app.ip', '127.0.0.1', true),
          set_config('app.request_id', ${`req-${counter}`}, true), set_config('app.route', 'PUT /api/branches/:id', true)`);
        await tx.execute(sql`UPDATE branches SET name = ${`Bench ${++counter}`} WHERE id = ${branch!.id}`);
        // The staged row becomes its entry before the commit, as the API does (2026-12-02).
        await flushAudit(tx, database);
      });
    times.push(performance.now() - t);
  }
  return times;
}
const triggers = (on: boolean) =>
  db.execute(sql.raw(`ALTER TABLE branches ${on ? 'ENABLE' : 'DISABLE'} TRIGGER audit_row`));

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(2);
  return `median ${q(0.5)} ms, p95 ${q(0.95)} ms, mean ${(s.reduce((a, b) => a + b, 0) / s.length).toFixed(2)} ms`;
};

await puts(50); // warm-up
const on: number[] = [];
const off: number[] = [];
const sqlPlain: number[] = [];
const sqlAudited: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  await triggers(true);
  on.push(...(await puts(N / ROUNDS)));
  sqlAudited.push(...(await updates(N / ROUNDS, true)));
  await triggers(false);
  off.push(...(await puts(N / ROUNDS)));
  sqlPlain.push(...(await updates(N / ROUNDS, false)));
}
await triggers(true);
const [rows] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM audit_log`);
console.log(
  `${kind}, ${N} PUT /api/branches/:id each way (load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})`,
);
console.log(`  PUT, audit on:             ${stats(on)}`);
console.log(`  PUT, audit triggers off:   ${stats(off)}`);
console.log(`  UPDATE alone:              ${stats(sqlPlain)}`);
console.log(`  UPDATE + set_config + trigger, in a transaction: ${stats(sqlAudited)}`);
console.log(`  audit rows written: ${rows!.n}`);
await app.close();
await database.close();
await dropDb?.();
