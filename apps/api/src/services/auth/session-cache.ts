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

const parseTarget = (payload: string | undefined): number | '*' => {
  const id = Number(payload);
  return Number.isSafeInteger(id) && id > 0 ? id : '*';
};

/**
 * LISTENs on the invalidation channel: PGlite delivers NOTIFY in process; on PostgreSQL a
 * dedicated connection (outside the pool) listens and reconnects after a loss, the cache staying off
 * until it listens again. Returns the function that stops it.
 */
export async function listenForInvalidations<Row extends CachedSessionRow>(
  database: Database,
  cache: SessionCache<Row>,
  onError: (error: unknown) => void = () => {},
): Promise<() => Promise<void>> {
  if (database.kind === 'pglite') {
    const client: PGlite = database.client;
    const unlisten = await client.listen(INVALIDATE_CHANNEL, (payload) =>
      cache.invalidate(parseTarget(payload)),
    );
    cache.setListening(true);
    return async () => {
      cache.setListening(false);
      await unlisten().catch(() => {});
    };
  }

  const options = database.pool.options as pg.PoolConfig;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ ...options, connectionString: options.connectionString });
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
      if (message.channel === INVALIDATE_CHANNEL) cache.invalidate(parseTarget(message.payload));
    });
    await next.connect();
    await next.query(`LISTEN ${INVALIDATE_CHANNEL}`);
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
  return async () => {
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
  };
}
