import 'fake-indexeddb/auto';
import { createStore } from 'idb-keyval';
import {
  createOfflineQueue,
  type OfflineQueue,
  type QueuedAction,
  type Sender,
  type SendOutcome,
} from './offline-queue';

let db = 0;
/** A fresh IndexedDB database per test: the queue as a new app start would find it. */
function freshStore() {
  db += 1;
  return createStore(`queue-test-${db}`, 'offline-queue');
}

const like = (postId: number, userId = 7) => ({
  userId,
  kind: 'like' as const,
  method: 'POST' as const,
  path: `/app/posts/${postId}/like`,
  key: `like:${postId}`,
});
const comment = (postId: number, content: string, userId = 7) => ({
  userId,
  kind: 'comment' as const,
  method: 'POST' as const,
  path: `/app/posts/${postId}/comments`,
  body: { content },
  idempotencyKey: `key-${content}`,
});

/** A server stand-in: answers each action with the next outcome (default: done), and records it. */
function fakeServer(outcomes: SendOutcome[] = []) {
  const received: QueuedAction[] = [];
  const send: Sender = async (action) => {
    received.push(action);
    return outcomes.shift() ?? { status: 'done', data: { ok: action.id } };
  };
  return { send, received };
}

describe('offline queue', () => {
  let queue: OfflineQueue;
  let store: ReturnType<typeof freshStore>;
  beforeEach(() => {
    store = freshStore();
    queue = createOfflineQueue(store);
  });

  it('keeps actions across a restart (a new queue on the same database) and sends them in order, once', async () => {
    await queue.add(like(1));
    await queue.add(comment(1, 'hola'));
    await queue.add(comment(2, 'chau'));

    const reopened = createOfflineQueue(store);
    expect((await reopened.list()).map((a) => a.kind)).toEqual(['like', 'comment', 'comment']);

    const server = fakeServer();
    const result = await reopened.drain(7, server.send);
    expect(result).toEqual({ sent: 3, refused: [], stopped: null });
    expect(server.received.map((a) => a.path)).toEqual([
      '/app/posts/1/like',
      '/app/posts/1/comments',
      '/app/posts/2/comments',
    ]);
    expect(await reopened.list()).toEqual([]);

    // Nothing is sent twice: a second drain finds nothing.
    await reopened.drain(7, server.send);
    expect(server.received).toHaveLength(3);
  });

  it('stops at a network failure and keeps that action and the rest for the next drain', async () => {
    await queue.add(comment(1, 'uno'));
    await queue.add(comment(1, 'dos'));
    const offline = fakeServer([{ status: 'done', data: null }, { status: 'offline' }]);
    expect(await queue.drain(7, offline.send)).toEqual({ sent: 1, refused: [], stopped: 'offline' });
    expect((await queue.list()).map((a) => (a.body as { content: string }).content)).toEqual(['dos']);

    const online = fakeServer();
    await queue.drain(7, online.send);
    expect(online.received.map((a) => a.idempotencyKey)).toEqual(['key-dos']);
    expect(await queue.list()).toEqual([]);
  });

  it('keeps the whole queue when the session expired (401) and says so, then sends it after signing in', async () => {
    await queue.add(like(3));
    await queue.add(comment(3, 'hola'));
    const events: string[] = [];
    queue.subscribe((e) => events.push(e.type));

    const expired = fakeServer([{ status: 'unauthorized' }]);
    expect((await queue.drain(7, expired.send)).stopped).toBe('unauthorized');
    expect(events).toContain('unauthorized');
    expect(await queue.list()).toHaveLength(2);

    const signedIn = fakeServer();
    expect((await queue.drain(7, signedIn.send)).sent).toBe(2);
  });

  it('drops an action the server refused for good (4xx) and goes on with the next', async () => {
    await queue.add(comment(404, 'a un post borrado'));
    await queue.add(like(5));
    const server = fakeServer([{ status: 'refused', message: 'La publicación no existe' }]);
    const result = await queue.drain(7, server.send);
    expect(result.sent).toBe(1);
    expect(result.refused.map((r) => r.message)).toEqual(['La publicación no existe']);
    expect(await queue.list()).toEqual([]);
  });

  it('keeps an action after a server error (5xx) without retrying it in the same drain', async () => {
    await queue.add(like(1));
    const server = fakeServer([{ status: 'retry-later' }]);
    expect((await queue.drain(7, server.send)).stopped).toBe('retry-later');
    expect(server.received).toHaveLength(1);
    expect(await queue.list()).toHaveLength(1);
  });

  it('keeps only the last like or unlike of one post (they replace each other)', async () => {
    await queue.add(like(9));
    await queue.add({ ...like(9), kind: 'unlike', method: 'DELETE' });
    await queue.add(like(10));
    expect((await queue.list()).map((a) => `${a.kind}:${a.path}`)).toEqual([
      'unlike:/app/posts/9/like',
      'like:/app/posts/10/like',
    ]);
  });

  it("sends only the signed-in seller's actions and clears one seller's without touching another's", async () => {
    await queue.add(like(1, 7));
    await queue.add(like(2, 8));
    const server = fakeServer();
    await queue.drain(8, server.send);
    expect(server.received.map((a) => a.userId)).toEqual([8]);
    expect((await queue.list()).map((a) => a.userId)).toEqual([7]);
    await queue.add(like(3, 8));
    await queue.clear(7);
    expect((await queue.list()).map((a) => a.userId)).toEqual([8]);
  });

  it('runs one drain at a time: two calls together send each action once', async () => {
    await queue.add(comment(1, 'uno'));
    await queue.add(comment(1, 'dos'));
    const server = fakeServer();
    const [a, b] = await Promise.all([queue.drain(7, server.send), queue.drain(7, server.send)]);
    expect(a).toBe(b);
    expect(server.received).toHaveLength(2);
  });

  it('picks up an action added while a drain is running', async () => {
    await queue.add(comment(1, 'uno'));
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const received: string[] = [];
    const send: Sender = async (action) => {
      received.push((action.body as { content: string }).content);
      if (received.length === 1) await gate;
      return { status: 'done', data: null };
    };
    const running = queue.drain(7, send);
    await vi.waitFor(() => expect(received).toEqual(['uno']));
    await queue.add(comment(1, 'dos'));
    release();
    expect((await running).sent).toBe(2);
    expect(received).toEqual(['uno', 'dos']);
  });
});
