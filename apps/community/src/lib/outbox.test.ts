import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { answer, signedInSellerWithEmptyOutbox } from '../testing/outbox';
import { outbox, submitAction } from './outbox';

const LIMITED = 'Comentaste muchas veces seguidas. Vas a poder comentar de nuevo en 40 segundos.';

signedInSellerWithEmptyOutbox();

describe('submitAction and the per-account limit (429)', () => {
  it("refuses the comment just submitted with the server's message, and keeps nothing in the queue", async () => {
    const fetch = vi.fn(async () => answer(429, { message: LIMITED }));
    vi.stubGlobal('fetch', fetch);
    const result = await submitAction({
      kind: 'comment',
      method: 'POST',
      path: '/app/posts/3/comments',
      body: { content: 'Hola' },
      idempotencyKey: 'k-1',
    });
    expect(result).toEqual({ status: 'refused', message: LIMITED });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await outbox.list()).toEqual([]);
  });

  it('leaves an older queued comment that meets a 429 in the queue, to be sent later', async () => {
    const older = await outbox.add({
      userId: 7,
      kind: 'comment',
      method: 'POST',
      path: '/app/posts/3/comments',
      body: { content: 'Escrito sin conexión' },
      idempotencyKey: 'k-viejo',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(429, { message: LIMITED })),
    );
    const result = await submitAction({
      kind: 'comment',
      method: 'POST',
      path: '/app/posts/3/comments',
      body: { content: 'Nuevo' },
      idempotencyKey: 'k-nuevo',
    });
    // The drain stops at the older one (retry later); the new one waits behind it.
    expect(result).toEqual({ status: 'queued' });
    expect((await outbox.list()).map((a) => a.id)).toContain(older.id);
  });
});
