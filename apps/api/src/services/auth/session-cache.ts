import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../db/client.ts';

/** The channel the database triggers of migration 0007 notify: a user id, or '*' for everyone. */
export const INVALIDATE_CHANNEL = 'panel_session_invalidate';

/** What the cache needs of a row: whose session it is. */
export interface CachedSessionRow {
  user: { id: number };
}

interface Entry<Row> {
  row: Row;
  storedAt: number;
}

/**
 * Resolved sessions kept for a few seconds, so most requests skip the session query. It is only
 * used while the server listens to the invalidation channel: the database says when a session is
 * revoked or its user changes (any instance, the CLI, SQL), and the entry goes at once. While the
 * listener is down (connecting, lost), every request reads the database.
 */
export class SessionCache<Row extends CachedSessionRow = CachedSessionRow> {
  private readonly entries = new Map<string, Entry<Row>>();
  private listening = false;
  /** Bumped by every invalidation: a row read before one is not stored after it. */
  private generation = 0;

  constructor(
    readonly ttlMs = 15_000,
    private readonly maxEntries = 10_000,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  get enabled(): boolean {
    return this.listening;
  }

  setListening(on: boolean): void {
    this.listening = on;
    this.generation++;
    this.entries.clear();
  }

  /** Taken before reading a session from the database, handed back to set(). */
  ticket(): number {
    return this.generation;
  }

  get(tokenHash: string): Row | null {
    if (!this.listening) return null;
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (this.clock() - entry.storedAt >= this.ttlMs) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry.row;
  }

  set(tokenHash: string, row: Row, ticket: number): void {
    if (!this.listening || ticket !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { row, storedAt: this.clock() });
  }

  /** A user id, or '*' (everyone). */
  invalidate(target: number | '*'): void {
    this.generation++;
    if (target === '*') {
      this.entries.clear();
      return;
    }
    for (const [hash, entry] of this.entries) {
      if (entry.row.user.id === target) this.entries.delete(hash);
    }
  }

  forgetToken(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Listeners answer a barrier on this channel (see `Invalidations.sync`). */
export const ACK_CHANNEL = 'panel_session_ack';
/** How PostgreSQL lists each instance's listening connection (pg_stat_activity.application_name). */
export const LISTENER_APPLICATION = 'panel-session-listener';
const SYNC_PREFIX = 'sync:';
/** How long a revocation waits for every listener to confirm, before it answers anyway (logged). */
const SYNC_TIMEOUT_MS = 5000;

const parseTarget = (payload: string | undefined): number | '*' => {
  const id = Number(payload);
  return Number.isSafeInteger(id) && id > 0 ? id : '*';
};

export interface Invalidations {
  /**
   * Resolves once every instance listening on this database has processed every invalidation
   * committed before the call: a barrier notification goes out after them (NOTIFY is delivered in
   * commit order), and each listener answers it after clearing its cache. A revoking request awaits
   * this before answering, so no instance serves the old session afterwards (issue 20, item 8).
   */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * LISTENs on the invalidation channel: PGlite delivers NOTIFY in process; on PostgreSQL a
 * dedicated connection (outside the pool, named LISTENER_APPLICATION) listens and reconnects after a
 * loss, the cache staying off until it listens again.
 */
export async function listenForInvalidations<Row extends CachedSessionRow>(
  database: Database,
  cache: SessionCache<Row>,
  onError: (error: unknown) => void = () => {},
): Promise<Invalidations> {
  /** Barriers this instance sent and waits for: nonce → the listeners' backends that answered. */
  const waiting = new Map<string, { acked: Set<number>; check: () => void }>();
  const nonce = () => `${process.pid}-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;

  if (database.kind === 'pglite') {
    const client: PGlite = database.client;
    const unlisten = await client.listen(INVALIDATE_CHANNEL, (payload) => {
      if (payload.startsWith(SYNC_PREFIX)) {
        waiting.get(payload.slice(SYNC_PREFIX.length))?.check();
        return;
      }
      cache.invalidate(parseTarget(payload));
    });
    cache.setListening(true);
    return {
      // One process: every listener of this PGlite hears the barrier in the same turn as this one.
      async sync() {
        const id = nonce();
        const heard = new Promise<void>((resolve) => waiting.set(id, { acked: new Set(), check: resolve }));
        try {
          await client.query('SELECT pg_notify($1, $2)', [INVALIDATE_CHANNEL, SYNC_PREFIX + id]);
          await withTimeout(heard, SYNC_TIMEOUT_MS);
        } finally {
          waiting.delete(id);
        }
      },
      async stop() {
        cache.setListening(false);
        await unlisten().catch(() => {});
      },
    };
  }

  const pool = database.pool;
  const options = pool.options as pg.PoolConfig;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({
      ...options,
      connectionString: options.connectionString,
      application_name: LISTENER_APPLICATION,
    });
    const lost = (error?: unknown) => {
      if (error) onError(error);
      cache.setListening(false);
      next.removeAllListeners();
      next.end().catch(() => {});
      if (client === next) client = null;
      if (!closed && !retry) retry = setTimeout(() => void reconnect(), 1000);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (message.channel === ACK_CHANNEL) {
        const barrier = waiting.get(payload);
        if (barrier) {
          barrier.acked.add(message.processId);
          barrier.check();
        }
        return;
      }
      if (message.channel !== INVALIDATE_CHANNEL) return;
      if (payload.startsWith(SYNC_PREFIX)) {
        // Everything committed before the barrier was handled above, in order: say so.
        next
          .query('SELECT pg_notify($1, $2)', [ACK_CHANNEL, payload.slice(SYNC_PREFIX.length)])
          .catch(onError);
        return;
      }
      cache.invalidate(parseTarget(payload));
    });
    await next.connect();
    await next.query(`LISTEN ${INVALIDATE_CHANNEL}; LISTEN ${ACK_CHANNEL}`);
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    cache.setListening(true);
  };
  const reconnect = async () => {
    retry = null;
    try {
      await connect();
    } catch (error) {
      onError(error);
      if (!closed && !retry) retry = setTimeout(() => void reconnect(), 1000);
    }
  };
  await reconnect();

  /** The backends of every instance's listener right now. */
  const listeners = async () => {
    const { rows } = await pool.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
      [LISTENER_APPLICATION],
    );
    return rows.map((r) => r.pid);
  };

  return {
    async sync() {
      // Without our own listener the answers cannot be heard; the others still get the invalidation.
      if (!client) throw new Error('esta instancia no está escuchando las invalidaciones');
      const id = nonce();
      const acked = new Set<number>();
      let wake: () => void = () => {};
      waiting.set(id, { acked, check: () => wake() });
      const deadline = Date.now() + SYNC_TIMEOUT_MS;
      try {
        await pool.query('SELECT pg_notify($1, $2)', [INVALIDATE_CHANNEL, SYNC_PREFIX + id]);
        // Listeners that go away meanwhile (an instance stopped, a connection lost) are not waited
        // for: theirs is no cache any more (it is off until they listen again).
        for (;;) {
          const expected = await listeners();
          if (expected.every((pid) => acked.has(pid))) return;
          const left = deadline - Date.now();
          if (left <= 0) {
            throw new Error(
              `sin confirmación de ${expected.filter((pid) => !acked.has(pid)).length} instancia(s)`,
            );
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.min(left, 250));
            wake = () => {
              if (!expected.every((pid) => acked.has(pid))) return;
              clearTimeout(timer);
              resolve();
            };
            wake();
          });
        }
      } finally {
        waiting.delete(id);
      }
    },
    async stop() {
      closed = true;
      cache.setListening(false);
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => {});
        await current.end().catch(() => {});
      }
    },
  };
}

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<void>((_, reject) => {
      timer = setTimeout(() => reject(new Error('sin confirmación de la base embebida')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
