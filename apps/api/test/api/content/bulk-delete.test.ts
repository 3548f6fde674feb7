import { BULK_MSG } from '@panel/shared';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/db/client.ts';
import { events } from '../../../src/db/schema/events.ts';
import { notifications, notificationTypes } from '../../../src/db/schema/notifications.ts';
import { postLikes, posts } from '../../../src/db/schema/posts.ts';
import { stories } from '../../../src/db/schema/stories.ts';
import { bearer, createEvent, createPost, createStory } from '../../../src/testing/factories.ts';
import { formData, makeImage } from '../../../src/testing/images.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * "Eliminar seleccionadas" (issue 21, item 10): POST /api/<resource>/bulk-delete for Publicaciones,
 * Historias, Notificaciones and Eventos, the pattern of Vendedores' bulk-active: one transaction,
 * all or nothing (one unknown id is a 404 and nothing is deleted), audited, files cleaned up.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

const tables = { posts, stories, notifications, events } as const;
type Resource = keyof typeof tables;

async function createRows(resource: Resource, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    if (resource === 'posts') ids.push((await createPost(ctx.db, ctx.admin.id)).id);
    if (resource === 'stories') ids.push((await createStory(ctx.db, ctx.admin.id)).id);
    if (resource === 'events') ids.push((await createEvent(ctx.db, new Date(Date.now() + 86_400_000))).id);
    if (resource === 'notifications') {
      const [type] = await ctx.db
        .insert(notificationTypes)
        .values({ name: `Tipo ${i}` })
        .returning();
      const [row] = await ctx.db
        .insert(notifications)
        .values({ notificationTypeId: type!.id, title: `Aviso ${i}`, message: 'Texto' })
        .returning();
      ids.push(row!.id);
    }
  }
  return ids;
}

async function remaining(resource: Resource, ids: number[]): Promise<number> {
  const table = tables[resource];
  return (await ctx.db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).length;
}

const NOT_FOUND: Record<Resource, string> = {
  posts: BULK_MSG.postsNotFound,
  stories: BULK_MSG.storiesNotFound,
  notifications: BULK_MSG.notificationsNotFound,
  events: BULK_MSG.eventsNotFound,
};

describe.each(Object.keys(tables) as Resource[])('POST /api/%s/bulk-delete', (resource) => {
  const url = `/api/${resource}/bulk-delete`;

  it('deletes every chosen row in one request, leaves the others, and audits each delete', async () => {
    const [a, b, c] = await createRows(resource, 3);
    const res = await ctx.asAdmin('POST', url, { ids: [a!, b!, a!] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { deleted: 2 } });
    expect(await remaining(resource, [a!, b!])).toBe(0);
    expect(await remaining(resource, [c!])).toBe(1);
    const audit = await queryRows<{ entity_id: string; route: string }>(
      ctx.db,
      sql`SELECT entity_id::text AS entity_id, route FROM audit_log
          WHERE entity = ${resource} AND action = 'delete' ORDER BY entity_id`,
    );
    expect(audit.map((r) => Number(r.entity_id)).sort((x, y) => x - y)).toEqual(
      [a!, b!].sort((x, y) => x - y),
    );
    expect(new Set(audit.map((r) => r.route))).toEqual(new Set([`POST ${url}`]));
  });

  it('deletes nothing when one id does not exist (404, all or nothing)', async () => {
    const ids = await createRows(resource, 2);
    const res = await ctx.asAdmin('POST', url, { ids: [...ids, 2_000_000_000] });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(NOT_FOUND[resource]);
    expect(await remaining(resource, ids)).toBe(2);
    const [audit] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = ${resource} AND action = 'delete'`,
    );
    expect(audit!.n).toBe(0);
  });

  it('refuses an empty, too long or malformed list with a Spanish 400 naming ids', async () => {
    for (const [payload, message] of [
      [{ ids: [] }, BULK_MSG.idsRequired],
      [{ ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, BULK_MSG.tooManyIds],
      [{ ids: ['uno'] }, undefined],
      [{}, undefined],
    ] as const) {
      const res = await ctx.asAdmin('POST', url, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      const body = res.json() as { errors: Record<string, string[]> };
      const field = Object.keys(body.errors).find((k) => k === 'ids' || k.startsWith('ids'));
      expect(field, res.body).toBeDefined();
      if (message) expect(body.errors[field!]).toContain(message);
    }
  });

  it('is for administrators: 401 without a session, 403 for a seller, and nothing deleted', async () => {
    const ids = await createRows(resource, 1);
    const anonymous = await ctx.app.inject({ method: 'POST', url, payload: { ids } });
    expect(anonymous.statusCode).toBe(401);
    const seller = await ctx.app.inject({
      method: 'POST',
      url,
      payload: { ids },
      headers: bearer(ctx.seller.token),
    });
    expect(seller.statusCode).toBe(403);
    expect(await remaining(resource, ids)).toBe(1);
  });
});

describe('bulk delete of pictures', () => {
  it('removes the files of the deleted posts and stories that nothing else uses', async () => {
    const red = await makeImage('png', { color: '#c92a2a', width: 64, height: 64 });
    const blue = await makeImage('png', { color: '#1971c2', width: 64, height: 64 });
    const form = (url: string, fields: Record<string, string>, field: string, bytes: Buffer) =>
      ctx.app.inject({
        method: 'POST',
        url,
        payload: formData(fields, [{ field, name: 'a.png', type: 'image/png', bytes }]),
        headers: bearer(ctx.admin.token),
      });
    const postCall = (content: string, bytes: Buffer) => form('/api/posts', { content }, 'images[]', bytes);
    const a = (await postCall('A', red)).json().data;
    const b = (await postCall('B', blue)).json().data;
    const keep = (await postCall('C', blue)).json().data;
    await ctx.db.insert(postLikes).values({ postId: a.id, userId: ctx.seller.id });
    const story = (await form('/api/stories', { title: 'Historia' }, 'image', red)).json().data;

    const status = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).statusCode;
    expect((await ctx.asAdmin('POST', '/api/posts/bulk-delete', { ids: [a.id, b.id] })).statusCode).toBe(200);
    expect(await ctx.db.select().from(postLikes)).toEqual([]);
    // Red is still the story's picture, blue is still C's.
    expect(await status(a.images[0].url)).toBe(200);
    expect(await status(keep.images[0].url)).toBe(200);

    expect((await ctx.asAdmin('POST', '/api/stories/bulk-delete', { ids: [story.id] })).statusCode).toBe(200);
    expect(await status(a.images[0].url)).toBe(404);
    expect(await status(a.images[0].thumb_url)).toBe(404);
    expect(await status(keep.images[0].url)).toBe(200);
    expect(await ctx.db.select().from(stories)).toEqual([]);
    expect((await ctx.db.select().from(posts)).map((p) => p.id)).toEqual([keep.id]);
  });
});
