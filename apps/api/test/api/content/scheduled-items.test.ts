import { EVENT_MSG, SCHEDULE_MSG, ZPost, ZScheduledItem } from '@panel/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationTypes } from '../../../src/db/schema/notifications.ts';
import { runDueScheduledJobs } from '../../../src/services/scheduling/jobs.ts';
import { bearer, createBranch } from '../../../src/testing/factories.ts';
import { formData, makeImage } from '../../../src/testing/images.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// What an administrator does with scheduled items (docs/product.md#scheduled-publishing): the
// Calendario's GET /api/scheduled (from the pending scheduled jobs, in a range of instants, in time
// order), and a scheduled post moved or published now (PUT /api/posts/{id}/publication).

const DAY = 86_400_000;
let ctx: TestContext;
let png: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  png = await makeImage('png', { color: '#2f9e44' });
});
afterAll(() => ctx?.close());

let branch: { id: number; name: string };
let typeId: number;
/** Whole minutes from now, as the forms send them. */
let at: (days: number) => string;
beforeEach(async () => {
  await ctx.reset();
  branch = await createBranch(ctx.db, { name: 'Sucursal Sur' });
  const [type] = await ctx.db.insert(notificationTypes).values({ name: 'Aviso' }).returning();
  typeId = type!.id;
  const base = Math.ceil(Date.now() / 60_000) * 60_000;
  at = (days) => new Date(base + days * DAY).toISOString();
});

const post = async (content: string, publishAt?: string, branchId?: number) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/posts',
    payload: formData(
      {
        content,
        ...(branchId ? { branch_id: String(branchId) } : {}),
        ...(publishAt ? { publish_at: publishAt } : {}),
      },
      [{ field: 'images[]', name: 'foto.png', type: 'image/png', bytes: png }],
    ),
    headers: bearer(ctx.admin.token),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};

const notify = async (fields: Record<string, unknown>) => {
  const res = await ctx.asAdmin('POST', '/api/notifications', {
    notification_type_id: typeId,
    branch_id: 0,
    title: 'Aviso',
    message: 'Texto',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};

const scheduled = async (query: string) => {
  const res = await ctx.asAdmin('GET', `/api/scheduled?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { items: body.data.map((i: unknown) => ZScheduledItem.parse(i)), meta: body.meta };
};

describe('GET /api/scheduled', () => {
  it('lists the scheduled posts and notifications of [from, to) in time order, with their title, branch and urgency', async () => {
    const long = `${'Gran lanzamiento '.repeat(10)}\nsegunda línea`;
    const postId = await post(long, at(3), branch.id);
    const urgentId = await notify({ title: 'Cierre del mes', urgent: true, publish_at: at(1) });
    // Not listed: published now, or outside the range (`to` is exclusive).
    await post('Ya publicada');
    await notify({ title: 'Ahora' });
    await notify({ title: 'Más tarde', publish_at: at(10) });

    const { items, meta } = await scheduled(`from=${at(0)}&to=${at(10)}`);
    expect(meta).toMatchObject({ total: 2, page: 1, per_page: 100, last_page: 1 });
    expect(items).toEqual([
      {
        kind: 'notification',
        id: urgentId,
        title: 'Cierre del mes',
        publish_at: at(1),
        branch_id: null,
        branch_name: null,
        urgent: true,
      },
      {
        kind: 'post',
        id: postId,
        title: long.split('\n')[0]!.slice(0, 120),
        publish_at: at(3),
        branch_id: branch.id,
        branch_name: 'Sucursal Sur',
        urgent: false,
      },
    ]);

    // A page at a time.
    const first = await scheduled(`from=${at(0)}&to=${at(11)}&per_page=2`);
    expect(first.meta).toMatchObject({ total: 3, last_page: 2 });
    const second = await scheduled(`from=${at(0)}&to=${at(11)}&per_page=2&page=2`);
    expect(second.items.map((i: { title: string }) => i.title)).toEqual(['Más tarde']);
  });

  it('drops an item once published (by its time or by a deletion of the record)', async () => {
    const postId = await post('Anuncio', at(1));
    await notify({ title: 'Recordatorio', publish_at: at(2) });
    const range = `from=${at(0)}&to=${at(5)}`;
    expect((await scheduled(range)).items).toHaveLength(2);

    expect((await ctx.asAdmin('DELETE', `/api/posts/${postId}`)).statusCode).toBe(204);
    expect((await scheduled(range)).items.map((i: { kind: string }) => i.kind)).toEqual(['notification']);

    const published = await runDueScheduledJobs(ctx.db, {
      now: () => new Date(Date.parse(at(2)) + 1000),
      timeZone: ctx.config.timeZone,
      log: ctx.app.log,
    });
    expect(published).toBe(1);
    expect((await scheduled(range)).items).toEqual([]);
  });

  it('takes the coming 42 days by default, and refuses a range that ends before it starts', async () => {
    await notify({ title: 'Pronto', publish_at: at(41) });
    await notify({ title: 'Lejos', publish_at: at(43) });
    expect((await scheduled('')).items.map((i: { title: string }) => i.title)).toEqual(['Pronto']);
    expect((await scheduled(`from=${at(40)}`)).items.map((i: { title: string }) => i.title)).toEqual([
      'Pronto',
      'Lejos',
    ]);
    for (const [query, field, message] of [
      [`from=${at(1)}&to=${at(1)}`, 'to', EVENT_MSG.rangeInvalid],
      ['from=mañana&to=pasado', 'from', EVENT_MSG.dateInvalid],
      [`from=${at(0)}&to=${at(1)}&per_page=101`, 'per_page', null],
    ] as const) {
      const res = await ctx.asAdmin('GET', `/api/scheduled?${query}`);
      expect(res.statusCode, query).toBe(400);
      const errors = res.json().errors as Record<string, string[]>;
      expect(Object.keys(errors), query).toContain(field);
      if (message) expect(errors[field], query).toContain(message);
    }
  });
});

describe('PUT /api/posts/{id}/publication', () => {
  const jobOf = async (postId: number) =>
    (await scheduled(`from=${at(-1)}&to=${at(30)}`)).items.find(
      (i: { kind: string; id: number }) => i.kind === 'post' && i.id === postId,
    );
  const seesFeed = async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/app/feed',
      headers: bearer(ctx.seller.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { id: number }[]).map((p) => p.id);
  };

  it('moves a scheduled post to another time, and publishes it now without one', async () => {
    const id = await post('Anuncio movible', at(2));
    const moved = await ctx.asAdmin('PUT', `/api/posts/${id}/publication`, { publish_at: at(5) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(ZPost.parse(moved.json().data).publish_at).toBe(at(5));
    expect((await jobOf(id))?.publish_at).toBe(at(5));
    expect(await seesFeed()).toEqual([]);

    // Its form twin (POST with _method=PUT) too, and then "Publicar ahora".
    const now = await ctx.app.inject({
      method: 'POST',
      url: `/api/posts/${id}/publication`,
      payload: { _method: 'PUT' },
      headers: bearer(ctx.admin.token),
    });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().data.publish_at).toBeNull();
    expect(await jobOf(id)).toBeUndefined();
    expect(await seesFeed()).toEqual([id]);

    // Published: it has no time to move any more.
    for (const body of [{ publish_at: at(3) }, {}]) {
      const again = await ctx.asAdmin('PUT', `/api/posts/${id}/publication`, body);
      expect(again.statusCode, again.body).toBe(400);
      expect(again.json().errors.publish_at).toEqual([SCHEDULE_MSG.alreadyPublished]);
    }
  });

  it('refuses a time already past and an unknown post, and changes nothing', async () => {
    const id = await post('Anuncio fijo', at(2));
    const past = await ctx.asAdmin('PUT', `/api/posts/${id}/publication`, { publish_at: at(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.publish_at).toEqual([SCHEDULE_MSG.publishAtPast]);
    expect((await jobOf(id))?.publish_at).toBe(at(2));
    const missing = await ctx.asAdmin('PUT', '/api/posts/999999/publication', { publish_at: at(3) });
    expect(missing.statusCode).toBe(404);
  });
});
