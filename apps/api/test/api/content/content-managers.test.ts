import { BULK_MSG, MSG } from '@panel/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/client.ts';
import { events } from '../../../src/db/schema/events.ts';
import { notifications, notificationTypes } from '../../../src/db/schema/notifications.ts';
import { posts } from '../../../src/db/schema/posts.ts';
import { stories } from '../../../src/db/schema/stories.ts';
import { scheduleJob } from '../../../src/services/scheduling/jobs.ts';
import {
  bearer,
  createComment,
  createEvent,
  createEventType,
  createLike,
  createManager,
  createPost,
  createStory,
  createStoryView,
  managerScene,
  tokenFor,
} from '../../../src/testing/factories.ts';
import { formData, makeImage } from '../../../src/testing/images.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * Branch managers in Publicaciones, Historias, Notificaciones, Eventos and the Calendario
 * (docs/product.md#branch-managers): a manager lists, reads and writes their own branch's records; another
 * branch's record, or one to every branch, is not there for them (404); a write naming another branch or
 * every branch is refused (403, MSG.otherBranch). What an administrator sees does not change.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The manager's branch, another one, and the manager of the first; a notification and an event type. */
let own: number;
let other: number;
let managerToken: string;
let notificationTypeId: number;
let eventTypeId: number;

beforeEach(async () => {
  await ctx.reset();
  ({ own, other, managerToken } = await managerScene(ctx.db));
  const [type] = await ctx.db.insert(notificationTypes).values({ name: 'Aviso' }).returning();
  notificationTypeId = type!.id;
  eventTypeId = (await createEventType(ctx.db)).id;
});

const asManager = (method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: bearer(managerToken) });

function expectOtherBranch(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().message).toBe(MSG.otherBranch);
}

const ids = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
};

/** One record of the manager's branch, one of another branch and one to every branch (null). */
async function threeOf<T>(make: (branchId: number | null) => Promise<T>) {
  return { own: await make(own), other: await make(other), all: await make(null) };
}

const future = (days: number) => new Date(Date.now() + days * 86_400_000);

describe('Publicaciones', () => {
  const makePost = (branchId: number | null) => createPost(ctx.db, ctx.admin.id, { branchId });

  it('lists only its branch posts (the admin still sees all) and reads their likes, comments, reach and viewers', async () => {
    const p = await threeOf(makePost);
    await createLike(ctx.db, p.own.id, ctx.seller.id);
    await createComment(ctx.db, p.own.id, ctx.seller.id);
    expect(ids(await asManager('GET', '/api/posts'))).toEqual([p.own.id]);
    // Asking for another branch or the company-wide ones finds nothing of them either.
    expect(ids(await asManager('GET', `/api/posts?branch_id=${other}`))).toEqual([]);
    expect(ids(await asManager('GET', '/api/posts?branch_id=0'))).toEqual([]);
    expect((await asManager('GET', '/api/posts')).json().meta.total).toBe(1);
    // The list's reused statement takes the branch as a value: the next manager gets their own branch's.
    const otherToken = await tokenFor(ctx.db, (await createManager(ctx.db, other)).id);
    const theirs = await ctx.app.inject({ method: 'GET', url: '/api/posts', headers: bearer(otherToken) });
    expect(ids(theirs)).toEqual([p.other.id]);
    expect(ids(await ctx.asAdmin('GET', '/api/posts'))).toEqual([p.own.id, p.other.id, p.all.id]);

    for (const tail of ['likes', 'comments', 'reach', 'viewers?seen=false']) {
      const mine = await asManager('GET', `/api/posts/${p.own.id}/${tail}`);
      expect(mine.statusCode, `${tail}: ${mine.body}`).toBe(200);
      for (const post of [p.other, p.all]) {
        expect((await asManager('GET', `/api/posts/${post.id}/${tail}`)).statusCode, tail).toBe(404);
      }
    }
    const likes = await asManager('GET', `/api/posts/${p.own.id}/likes`);
    expect(likes.json().data).toHaveLength(1);
  });

  it('publishes for its branch only: another branch or every branch is 403 and nothing is written', async () => {
    const image = { field: 'images[]', name: 'a.png', type: 'image/png', bytes: await makeImage('png') };
    const send = (branch: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/posts',
        payload: formData({ content: 'Novedades de la sucursal', branch_id: branch }, [image]),
        headers: bearer(managerToken),
      });
    const created = await send(String(own));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.branch_id).toBe(own);
    expectOtherBranch(await send(String(other)));
    expectOtherBranch(await send('0'));
    expectOtherBranch(await send(''));
    expect(await ctx.db.select({ id: posts.id }).from(posts)).toHaveLength(1);
  });

  it('deletes and moves the publication of its branch posts only, audited with its role and branch', async () => {
    const p = await threeOf(makePost);
    for (const post of [p.other, p.all]) {
      expect((await asManager('DELETE', `/api/posts/${post.id}`)).statusCode).toBe(404);
    }
    const scheduled = await threeOf((branchId) =>
      createPost(ctx.db, ctx.admin.id, { branchId, publishAt: future(2) }),
    );
    const moved = await asManager('PUT', `/api/posts/${scheduled.own.id}/publication`, {
      publish_at: future(3).toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    for (const post of [scheduled.other, scheduled.all]) {
      const refused = await asManager('PUT', `/api/posts/${post.id}/publication`, {});
      expect(refused.statusCode, refused.body).toBe(404);
    }
    expect((await asManager('PUT', `/api/posts/${scheduled.own.id}/publication`, {})).statusCode).toBe(200);
    const [published] = await ctx.db
      .select({ publishAt: posts.publishAt })
      .from(posts)
      .where(eq(posts.id, scheduled.own.id));
    expect(published!.publishAt).toBeNull();

    expect((await asManager('DELETE', `/api/posts/${p.own.id}`)).statusCode).toBe(204);
    const remaining = await ctx.db.select({ id: posts.id }).from(posts);
    expect(remaining.map((r) => r.id)).not.toContain(p.own.id);
    expect(remaining.map((r) => r.id)).toEqual(expect.arrayContaining([p.other.id, p.all.id]));
    const audit = await queryRows<{ actor_role: string; branch_id: number | null }>(
      ctx.db,
      sql`SELECT actor_role, branch_id FROM audit_log
        WHERE entity = 'posts' AND action = 'delete' AND entity_id = ${p.own.id}`,
    );
    expect(audit).toEqual([{ actor_role: 'branch_manager', branch_id: own }]);
  });
});

describe('Historias', () => {
  const makeStory = (branchId: number | null) => createStory(ctx.db, ctx.admin.id, { branchId });

  it('lists, reads the viewers of and deletes its branch stories only', async () => {
    const s = await threeOf(makeStory);
    await createStoryView(ctx.db, s.own.id, ctx.seller.id);
    expect(ids(await asManager('GET', '/api/stories'))).toEqual([s.own.id]);
    expect(ids(await ctx.asAdmin('GET', '/api/stories'))).toEqual([s.own.id, s.other.id, s.all.id]);
    const viewers = await asManager('GET', `/api/stories/${s.own.id}/viewers`);
    expect(viewers.statusCode, viewers.body).toBe(200);
    expect(viewers.json().meta.total).toBe(1);
    for (const story of [s.other, s.all]) {
      expect((await asManager('GET', `/api/stories/${story.id}/viewers`)).statusCode).toBe(404);
      expect((await asManager('DELETE', `/api/stories/${story.id}`)).statusCode).toBe(404);
    }
    expect((await asManager('DELETE', `/api/stories/${s.own.id}`)).statusCode).toBe(204);
    const left = await ctx.db.select({ id: stories.id }).from(stories);
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([s.other.id, s.all.id]);
  });

  it('creates a story for its branch only (another branch or every branch: 403, nothing stored)', async () => {
    const image = { field: 'image', name: 'h.png', type: 'image/png', bytes: await makeImage('png') };
    const send = (branch: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/stories',
        payload: formData({ title: 'Promo de la semana', branch_id: branch }, [image]),
        headers: bearer(managerToken),
      });
    const created = await send(String(own));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.branch_id).toBe(own);
    expectOtherBranch(await send(String(other)));
    expectOtherBranch(await send('0'));
    expect(await ctx.db.select({ id: stories.id }).from(stories)).toHaveLength(1);
  });
});

describe('Notificaciones', () => {
  const body = (branch_id: number) => ({
    notification_type_id: notificationTypeId,
    title: 'Aviso',
    message: 'Mañana abrimos a las 10',
    branch_id,
  });
  async function makeNotification(branchId: number | null) {
    const res = await ctx.asAdmin('POST', '/api/notifications', body(branchId ?? 0));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; version: number };
  }

  it('lists, reads and shows the readers of its branch notifications only', async () => {
    const n = await threeOf(makeNotification);
    expect(ids(await asManager('GET', '/api/notifications'))).toEqual([n.own.id]);
    expect(ids(await ctx.asAdmin('GET', '/api/notifications'))).toEqual([n.own.id, n.other.id, n.all.id]);
    const item = await asManager('GET', `/api/notifications/${n.own.id}`);
    expect(item.statusCode, item.body).toBe(200);
    expect(item.headers.etag).toBe(`"${n.own.version}"`);
    expect((await asManager('GET', `/api/notifications/${n.own.id}/reads`)).statusCode).toBe(200);
    for (const row of [n.other, n.all]) {
      expect((await asManager('GET', `/api/notifications/${row.id}`)).statusCode).toBe(404);
      expect((await asManager('GET', `/api/notifications/${row.id}/reads`)).statusCode).toBe(404);
    }
  });

  it('creates and edits for its branch only: naming another branch or every branch is 403', async () => {
    const created = await asManager('POST', '/api/notifications', body(own));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.branch_id).toBe(own);
    expectOtherBranch(await asManager('POST', '/api/notifications', body(other)));
    expectOtherBranch(await asManager('POST', '/api/notifications', body(0)));
    expect(await ctx.db.select({ id: notifications.id }).from(notifications)).toHaveLength(1);

    const id = created.json().data.id as number;
    const edited = await asManager('PUT', `/api/notifications/${id}`, { ...body(own), title: 'Aviso nuevo' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.title).toBe('Aviso nuevo');
    // Moving it out of the branch is a write naming that branch.
    expectOtherBranch(await asManager('PUT', `/api/notifications/${id}`, body(other)));
    expectOtherBranch(await asManager('POST', `/api/notifications/${id}`, { ...body(0), _method: 'PUT' }));
    // A stale version is still a 412 for a manager's edit (the versioned write runs audited).
    const stale = await ctx.app.inject({
      method: 'PUT',
      url: `/api/notifications/${id}`,
      payload: body(own),
      headers: { ...bearer(managerToken), 'if-match': '"1"' },
    });
    expect(stale.statusCode, stale.body).toBe(412);
    const [kept] = await ctx.db
      .select({ branchId: notifications.branchId, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.id, id));
    expect(kept).toEqual({ branchId: own, title: 'Aviso nuevo' });
  });

  it('cannot edit or delete another branch notification nor one to every branch (404)', async () => {
    const n = await threeOf(makeNotification);
    for (const row of [n.other, n.all]) {
      expect((await asManager('PUT', `/api/notifications/${row.id}`, body(own))).statusCode).toBe(404);
      expect((await asManager('DELETE', `/api/notifications/${row.id}`)).statusCode).toBe(404);
      // A stale If-Match does not show that it exists (412) either.
      for (const method of ['PUT', 'DELETE'] as const) {
        const stale = await ctx.app.inject({
          method,
          url: `/api/notifications/${row.id}`,
          ...(method === 'PUT' ? { payload: body(own) } : {}),
          headers: { ...bearer(managerToken), 'if-match': '"999"' },
        });
        expect(stale.statusCode, `${method}: ${stale.body}`).toBe(404);
        expect(stale.headers.etag).toBeUndefined();
      }
    }
    expect((await asManager('DELETE', `/api/notifications/${n.own.id}`)).statusCode).toBe(204);
    const left = await ctx.db.select({ id: notifications.id }).from(notifications);
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([n.other.id, n.all.id]);
  });

  it('keeps the catalogue of notification types for administrators (403)', async () => {
    const res = await asManager('POST', '/api/notification-types', { name: 'Urgente' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.forbidden);
  });
});

describe('Eventos', () => {
  const body = (branch_id: number) => ({
    event_type_id: eventTypeId,
    title: 'Capacitación',
    start_at: future(5).toISOString(),
    end_at: future(5.1).toISOString(),
    branch_id,
  });
  const makeEvent = (branchId: number | null) => createEvent(ctx.db, future(4), { branchId });

  it('lists and reads its branch events only, in the calendar range too', async () => {
    const e = await threeOf(makeEvent);
    expect(ids(await asManager('GET', '/api/events'))).toEqual([e.own.id]);
    const range = `from=${future(3).toISOString()}&to=${future(6).toISOString()}`;
    expect(ids(await asManager('GET', `/api/events?${range}`))).toEqual([e.own.id]);
    expect(ids(await ctx.asAdmin('GET', '/api/events'))).toEqual([e.own.id, e.other.id, e.all.id]);
    expect((await asManager('GET', `/api/events/${e.own.id}`)).statusCode).toBe(200);
    for (const row of [e.other, e.all]) {
      expect((await asManager('GET', `/api/events/${row.id}`)).statusCode).toBe(404);
    }
  });

  it('creates, edits and deletes for its branch only', async () => {
    const created = await asManager('POST', '/api/events', body(own));
    expect(created.statusCode, created.body).toBe(201);
    expectOtherBranch(await asManager('POST', '/api/events', body(other)));
    expectOtherBranch(await asManager('POST', '/api/events', body(0)));
    const id = created.json().data.id as number;
    const edited = await asManager('PUT', `/api/events/${id}`, { ...body(own), title: 'Capacitación 2' });
    expect(edited.statusCode, edited.body).toBe(200);
    expectOtherBranch(await asManager('PUT', `/api/events/${id}`, body(other)));
    expectOtherBranch(await asManager('PUT', `/api/events/${id}`, body(0)));

    const e = await threeOf(makeEvent);
    for (const row of [e.other, e.all]) {
      expect((await asManager('PUT', `/api/events/${row.id}`, body(own))).statusCode).toBe(404);
      expect((await asManager('DELETE', `/api/events/${row.id}`)).statusCode).toBe(404);
      const stale = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/events/${row.id}`,
        headers: { ...bearer(managerToken), 'if-match': '"999"' },
      });
      expect(stale.statusCode, stale.body).toBe(404);
    }
    expect((await asManager('DELETE', `/api/events/${id}`)).statusCode).toBe(204);
    const left = await ctx.db.select({ id: events.id, branchId: events.branchId }).from(events);
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([e.own.id, e.other.id, e.all.id]);
  });
});

describe('bulk delete by a manager', () => {
  const makers = {
    posts: (branchId: number | null) => createPost(ctx.db, ctx.admin.id, { branchId }),
    stories: (branchId: number | null) => createStory(ctx.db, ctx.admin.id, { branchId }),
    events: (branchId: number | null) => createEvent(ctx.db, future(4), { branchId }),
    notifications: async (branchId: number | null) => {
      const [row] = await ctx.db
        .insert(notifications)
        .values({ notificationTypeId, title: 'Aviso', message: 'Texto', branchId })
        .returning();
      return row!;
    },
  };
  const tables = { posts, stories, notifications, events } as const;
  const notFound = {
    posts: BULK_MSG.postsNotFound,
    stories: BULK_MSG.storiesNotFound,
    notifications: BULK_MSG.notificationsNotFound,
    events: BULK_MSG.eventsNotFound,
  };

  it.each(Object.keys(tables) as (keyof typeof tables)[])(
    '%s: all or nothing, an id of another branch or of every branch is a 404 that deletes nothing',
    async (resource) => {
      const table = tables[resource];
      const make = makers[resource];
      const mine = [(await make(own)).id, (await make(own)).id];
      const outside = [(await make(other)).id, (await make(null)).id];
      const count = async (of: number[]) =>
        (await ctx.db.select({ id: table.id }).from(table).where(inArray(table.id, of))).length;
      for (const stranger of outside) {
        const res = await asManager('POST', `/api/${resource}/bulk-delete`, { ids: [...mine, stranger] });
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().message).toBe(notFound[resource]);
        expect(await count([...mine, ...outside])).toBe(4);
      }
      const res = await asManager('POST', `/api/${resource}/bulk-delete`, { ids: mine });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { deleted: 2 } });
      expect(await count(mine)).toBe(0);
      expect(await count(outside)).toBe(2);
    },
  );
});

describe('Calendario: GET /api/scheduled', () => {
  it('shows a manager the scheduled posts and notifications of their branch only', async () => {
    const at = future(2).toISOString();
    const scheduledIds: Record<string, number> = {};
    for (const [name, branch] of [
      ['own', own],
      ['other', other],
      ['all', 0],
    ] as const) {
      const res = await ctx.asAdmin('POST', '/api/notifications', {
        notification_type_id: notificationTypeId,
        title: `Programada ${name}`,
        message: 'Texto',
        branch_id: branch,
        publish_at: at,
      });
      expect(res.statusCode, res.body).toBe(201);
      scheduledIds[name] = res.json().data.id;
    }
    // Posts scheduled as the route does it: the record and its job.
    const postOf = async (branchId: number | null) => {
      const post = await createPost(ctx.db, ctx.admin.id, { branchId, publishAt: future(3) });
      await scheduleJob(ctx.db, 'post', post.id, post.publishAt!);
      return post.id;
    };
    const scheduledPosts = await threeOf(postOf);
    const mine = await asManager('GET', '/api/scheduled');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.map((r: { kind: string; id: number }) => `${r.kind} ${r.id}`)).toEqual([
      `notification ${scheduledIds.own}`,
      `post ${scheduledPosts.own}`,
    ]);
    expect(mine.json().meta.total).toBe(2);
    const all = await ctx.asAdmin('GET', '/api/scheduled');
    expect(all.json().meta.total).toBe(6);
  });
});
