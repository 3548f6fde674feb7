import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/** Who writes, as the audit trail records it (audit_log, migration 0012). */
export interface AuditActor {
  userId: number;
  email: string;
  /** The role the actor acted with: "admin", "branch_manager" (or "seller" for their own sessions). */
  role: string;
  ip: string;
  requestId: string;
  /** The API operation, "PUT /api/users/:id". */
  route: string;
}

interface AuditScope {
  tx: Tx;
  afterCommit: (() => void | Promise<void>)[];
}

const scope = new AsyncLocalStorage<AuditScope>();

/** The transaction of the audited write running in this async context, if any. */
export function currentAuditTransaction(): Tx | undefined {
  return scope.getStore()?.tx;
}

/**
 * Runs `work` in one transaction that names `actor`: the database's audit triggers read the
 * transaction-local settings and record every row written, in that same transaction. While it
 * runs, `currentAuditTransaction()` is that transaction (the db plugin hands it out as `app.db`),
 * so nested `app.db.transaction(...)` calls become savepoints of it. A rollback leaves no audit row.
 */
export async function runAudited<T>(db: Db, actor: AuditActor, work: () => Promise<T>): Promise<T> {
  const afterCommit: (() => void | Promise<void>)[] = [];
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT
      set_config('app.actor_id', ${String(actor.userId)}, true),
      set_config('app.actor_email', ${actor.email}, true),
      set_config('app.actor_role', ${actor.role}, true),
      set_config('app.ip', ${actor.ip}, true),
      set_config('app.request_id', ${actor.requestId}, true),
      set_config('app.route', ${actor.route}, true)`);
    return scope.run({ tx, afterCommit }, work);
  });
  // In order, before the answer goes out (a revocation waits here until every instance forgot).
  for (const run of afterCommit) await run();
  return result;
}

/**
 * Side effects that must see the write committed (waking the push worker, revoking cached
 * sessions): deferred to the commit of the audited transaction and awaited before its answer,
 * dropped if it rolls back; run at once outside one (the caller awaits what is returned).
 */
export async function afterCommit(run: () => void | Promise<void>): Promise<void> {
  const store = scope.getStore();
  if (store) store.afterCommit.push(run);
  else await run();
}
