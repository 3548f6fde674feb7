import { APP_MSG } from '@panel/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postComments } from '../../../src/db/schema/posts.ts';
import {
  bearer,
  createBranch,
  createComment,
  createPost,
  createUser,
  tokenFor,
} from '../../../src/testing/factories.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// Issue 23.8: a seller edits or deletes their own comment (PUT/DELETE /api/app/comments/{id});
// someone else's is a 403, a missing one or one on another branch's post a 404; the panel's counts
// and lists follow; a late replay of an edited comment's idempotency key still names it.

const NOW = new Date('2026-11-25T15:00:00Z');
let clock = NOW;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock });
});
afterAll(() => ctx?.close());

let branchA: number;
let branchB: number;
let seller: { id: number; token: string };
let other: { id: number; token: string };
let adminToken: string;

beforeEach(async () => {
  clock = NOW;
  await ctx.reset();
  branchA = (await createBranch(ctx.db)).id;
  branchB = (await createBranch(ctx.db)).id;
  const u = await createUser(ctx.db, { branchId: branchA, name: 'Lucía Pérez' });
  seller = { id: u.id, token: await tokenFor(ctx.db, u.id, NOW) };
  const o = await createUser(ctx.db, { branchId: branchA });
  other = { id: o.id, token: await tokenFor(ctx.db, o.id, NOW) };
  adminToken = await tokenFor(ctx.db, ctx.admin.id, NOW);
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = seller.token,
  headers: Record<string, string> = {},
) => ctx.app.inject({ method, url, payload, headers: { ...bearer(token), ...headers } });

describe('PUT /api/app/comments/{id}', () => {
  it('changes the text of the caller’s own comment, marks edited_at, and the app’s and the panel’s lists show it', async () => {
    const post = await createPost(ctx.db, ctx.admin.id, { branchId: branchA });
    const comment = await createComment(ctx.db, post.id, seller.id, { content: 'Primera versión' });
    clock = new Date(NOW.getTime() + 60_000);

    const res = await call('PUT', `/api/app/comments/${comment.id}`, { content: '  Versión corregida  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      id: comment.id,
      post_id: post.id,
      content: 'Versión corregida',
      user_id: seller.id,
      user_name: 'Lucía Pérez',
      user_avatar: null,
      mine: true,
      created_at: comment.createdAt.toISOString(),
      edited_at: clock.toISOString(),
    });

    const list = await call('GET', `/api/app/posts/${post.id}/comments`);
    expect(list.json().data).toMatchObject([
      { id: comment.id, content: 'Versión corregida', edited_at: clock.toISOString() },
    ]);
    const panel = await call('GET', `/api/posts/${post.id}/comments`, undefined, adminToken);
    expect(panel.json().data).toMatchObject([{ id: comment.id, content: 'Versión corregida' }]);
  });

  it('refuses an empty or too long text naming the field, and changes nothing', async () => {
    const post = await createPost(ctx.db, ctx.admin.id, { branchId: branchA });
    const comment = await createComment(ctx.db, post.id, seller.id, { content: 'Queda igual' });
    const empty = await call('PUT', `/api/app/comments/${comment.id}`, { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.content).toEqual([APP_MSG.commentRequired]);
    const long = await call('PUT', `/api/app/comments/${comment.id}`, { content: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.content).toEqual([APP_MSG.commentTooLong]);
    const [row] = await ctx.db.select().from(postComments).where(eq(postComments.id, comment.id));
    expect(row).toMatchObject({ content: 'Queda igual', editedAt: null });
  });

  it('answers 403 for someone else’s comment and 404 for a missing one or one on another branch’s post', async () => {
    const post = await createPost(ctx.db, ctx.admin.id, { branchId: branchA });
    const theirs = await createComment(ctx.db, post.id, other.id, { content: 'De otra persona' });
    const forbidden = await call('PUT', `/api/app/comments/${theirs.id}`, { content: 'Cambiado' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(APP_MSG.commentNotYours);

    const elsewhere = await createPost(ctx.db, ctx.admin.id, { branchId: branchB });
    const hidden = await createComment(ctx.db, elsewhere.id, seller.id);
    const invisible = await call('PUT', `/api/app/comments/${hidden.id}`, { content: 'Cambiado' });
    expect(invisible.statusCode).toBe(404);
    expect(invisible.json().message).toBe(APP_MSG.commentNotFound);
    const missing = await call('PUT', '/api/app/comments/999999', { content: 'Cambiado' });
    expect(missing.statusCode).toBe(404);

    const rows = await ctx.db.select().from(postComments);
    expect(rows.map((r) => r.content).sort()).toEqual([hidden.content, 'De otra persona'].sort());
  });

  it('a late replay of an edited comment’s idempotency key answers that comment, not a second one', async () => {
    const post = await createPost(ctx.db, ctx.admin.id, { branchId: branchA });
    const key = 'a1b2c3d4-0000-4000-8000-000000000001';
    const first = await call(
      'POST',
      `/api/app/posts/${post.id}/comments`,
      { content: 'Con error' },
      seller.token,
      {
        'Idempotency-Key': key,
      },
    );
    expect(first.statusCode).toBe(201);
    const id = first.json().data.id as number;
    expect((await call('PUT', `/api/app/comments/${id}`, { content: 'Sin error' })).statusCode).toBe(200);

    const replay = await call(
      'POST',
      `/api/app/posts/${post.id}/comments`,
      { content: 'Con error' },
      seller.token,
      {
        'Idempotency-Key': key,
      },
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data).toMatchObject({ id, content: 'Sin error' });
    expect(await ctx.db.select().from(postComments)).toHaveLength(1);
  });
});

describe('DELETE /api/app/comments/{id}', () => {
  it('deletes the caller’s own comment: 204, and the feed’s, the post’s and the panel’s counts drop', async () => {
    const post = await createPost(ctx.db, ctx.admin.id, { branchId: branchA });
    const mine = await createComment(ctx.db, post.id, seller.id);
    await createComment(ctx.db, post.id, other.id);

    const res = await call('DELETE', `/api/app/comments/${mine.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect((await call('GET', `/api/app/posts/${post.id}`)).json().data.comments_count).toBe(1);
    const feed = await call('GET', '/api/app/feed');
    expect(feed.json().data.find((p: { id: number }) => p.id === post.id).comments_count).toBe(1);
    const panelList = await call('GET', '/api/posts?per_page=10', undefined, adminToken);
    expect(panelList.json().data.find((p: { id: number }) => p.id === post.id).comments_count).toBe(1);
    const panelComments = await call('GET', `/api/posts/${post.id}/comments`, undefined, adminToken);
    expect(panelComments.json().data.map((c: { id: number }) => c.id)).not.toContain(mine.id);

    // Gone: a second delete is a 404.
    const again = await call('DELETE', `/api/app/comments/${mine.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(APP_MSG.commentNotFound);
  });

  it('answers 403 for someone else’s comment (an administrator’s too) and deletes nothing', async () => {
    const post = await createPost(ctx.db, ctx.admin.id, { branchId: null });
    const theirs = await createComment(ctx.db, post.id, other.id);
    const byAdmin = await createComment(ctx.db, post.id, ctx.admin.id);
    for (const id of [theirs.id, byAdmin.id]) {
      const res = await call('DELETE', `/api/app/comments/${id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(APP_MSG.commentNotYours);
    }
    expect(await ctx.db.select().from(postComments)).toHaveLength(2);
  });

  it('answers 404 for a comment on another branch’s post, and 400 for a malformed id', async () => {
    const elsewhere = await createPost(ctx.db, ctx.admin.id, { branchId: branchB });
    const hidden = await createComment(ctx.db, elsewhere.id, seller.id);
    expect((await call('DELETE', `/api/app/comments/${hidden.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/app/comments/abc')).statusCode).toBe(400);
    expect(await ctx.db.select().from(postComments)).toHaveLength(1);
  });
});
