import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { answer, signedInSellerWithEmptyOutbox } from '../testing/outbox';
import { outbox } from './outbox';
import { views } from './views';

signedInSellerWithEmptyOutbox();

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 5));
};

describe('views through the outbox', () => {
  it('waits in the queue while offline and is sent once the connection returns', async () => {
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', offline);
    views.record('post', 11);
    views.record('story', 12);
    views.flush();
    await settle();
    const queued = await outbox.list();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      kind: 'views',
      path: '/app/views',
      body: { posts: [11], stories: [12] },
    });

    const online = vi.fn(async () =>
      answer(200, { data: { posts_recorded: 1, stories_recorded: 1, points_awarded: 5 } }),
    );
    vi.stubGlobal('fetch', online);
    const { flushOutbox } = await import('./outbox');
    await flushOutbox();
    expect(online).toHaveBeenCalledTimes(1);
    const [url, init] = online.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toContain('/api/app/views');
    expect(JSON.parse(String(init.body))).toEqual({ posts: [11], stories: [12] });
    expect(await outbox.list()).toEqual([]);
  });
});
