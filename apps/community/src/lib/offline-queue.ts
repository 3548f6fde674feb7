import { createStore, get, type UseStore, update } from 'idb-keyval';

/**
 * The one place where the seller's likes, comments, survey answers and views wait to be sent
 * (docs/product.md#the-sellers-app: queued offline, sent exactly once on reconnect). Every such action goes through
 * here, online or not: it is written to IndexedDB first, so closing the app loses nothing, then
 * sent in order. The server makes retries safe: likes and views are idempotent, a survey answers once (409),
 * and a comment carries an idempotency key.
 *
 * An action is removed once the server has answered it (done, or refused for good with a 4xx).
 * A network failure or a 5xx keeps it for the next try; a 401 keeps it and stops until the seller
 * signs in again. Only the signed-in seller's own actions are sent.
 */

export type QueuedKind = 'like' | 'unlike' | 'comment' | 'answer' | 'views';

export interface QueuedAction {
  id: string;
  userId: number;
  kind: QueuedKind;
  method: 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  /** Sent as the Idempotency-Key header, so a replay after a lost answer creates nothing twice. */
  idempotencyKey?: string;
  /** Actions with the same key replace each other (a like then an unlike of one post: only the last). */
  key?: string;
  createdAt: string;
}

export type SendOutcome =
  | { status: 'done'; data: unknown }
  | { status: 'refused'; message: string }
  | { status: 'offline' }
  | { status: 'retry-later' }
  | { status: 'unauthorized' };

export type Sender = (action: QueuedAction) => Promise<SendOutcome>;

export interface DrainResult {
  sent: number;
  refused: { action: QueuedAction; message: string }[];
  /** Why it stopped early, if it did; the actions left wait for the next drain. */
  stopped: 'offline' | 'retry-later' | 'unauthorized' | null;
}

export type QueueEvent =
  | { type: 'changed' }
  | { type: 'sent'; action: QueuedAction; data: unknown }
  | { type: 'refused'; action: QueuedAction; message: string }
  | { type: 'unauthorized' };

const ITEMS = 'actions';

export interface OfflineQueue {
  list(): Promise<QueuedAction[]>;
  add(action: Omit<QueuedAction, 'id' | 'createdAt'>): Promise<QueuedAction>;
  drain(userId: number, send: Sender): Promise<DrainResult>;
  /** Drops a seller's waiting actions (when they sign out on purpose). */
  clear(userId: number): Promise<void>;
  subscribe(listener: (event: QueueEvent) => void): () => void;
}

function newId(): string {
  return crypto.randomUUID();
}

/** Runs `task` alone across this browser's tabs when Web Locks exist, else alone in this tab. */
async function exclusive<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request('comunidad-offline-queue', task) as Promise<T>;
  }
  return task();
}

export function createOfflineQueue(
  store: UseStore = createStore('comunidad', 'offline-queue'),
): OfflineQueue {
  const listeners = new Set<(event: QueueEvent) => void>();
  const emit = (event: QueueEvent) => {
    for (const listener of listeners) listener(event);
  };
  let running: Promise<DrainResult> | null = null;

  const list = async () => (await get<QueuedAction[]>(ITEMS, store)) ?? [];
  const remove = (id: string) =>
    update<QueuedAction[]>(ITEMS, (items = []) => items.filter((item) => item.id !== id), store);

  async function drainOnce(userId: number, send: Sender): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, refused: [], stopped: null };
    const tried = new Set<string>();
    for (;;) {
      const next = (await list()).find((item) => item.userId === userId && !tried.has(item.id));
      if (!next) return result;
      tried.add(next.id);
      const outcome = await send(next);
      if (outcome.status === 'done') {
        await remove(next.id);
        result.sent += 1;
        emit({ type: 'sent', action: next, data: outcome.data });
        emit({ type: 'changed' });
      } else if (outcome.status === 'refused') {
        await remove(next.id);
        result.refused.push({ action: next, message: outcome.message });
        emit({ type: 'refused', action: next, message: outcome.message });
        emit({ type: 'changed' });
      } else {
        result.stopped = outcome.status;
        if (outcome.status === 'unauthorized') emit({ type: 'unauthorized' });
        return result;
      }
    }
  }

  return {
    list,
    async add(input) {
      const action: QueuedAction = { ...input, id: newId(), createdAt: new Date().toISOString() };
      await update<QueuedAction[]>(
        ITEMS,
        (items = []) => [
          ...items.filter(
            (item) => !(action.key && item.key === action.key && item.userId === action.userId),
          ),
          action,
        ],
        store,
      );
      emit({ type: 'changed' });
      return action;
    },
    drain(userId, send) {
      // One drain at a time: a second call while one runs gets the running one's result.
      running ??= exclusive(() => drainOnce(userId, send)).finally(() => {
        running = null;
      });
      return running;
    },
    async clear(userId) {
      await update<QueuedAction[]>(ITEMS, (items = []) => items.filter((i) => i.userId !== userId), store);
      emit({ type: 'changed' });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
