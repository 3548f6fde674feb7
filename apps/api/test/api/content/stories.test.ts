import { MEDIA_MSG, storyExpiresAt, ZAppStory, ZStory } from '@panel/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stories, storyViews } from '../../../src/db/schema/stories.ts';
import { bearer, createBranch, createUser } from '../../../src/testing/factories.ts';
import { type FormFile, formData, makeImage, svgFile } from '../../../src/testing/images.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// A fixed clock, so "Activa" and "24h" are checked against a known now; a test may move it.
const NOW = new Date('2026-06-10T15:00:00Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let clock = NOW;

let ctx: TestContext;
let jpeg: Buffer;
beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock });
  jpeg = await makeImage('jpeg', { color: '#7048e8', width: 720, height: 1280 });
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  clock = NOW;
  await ctx.reset();
});

const imageFile = (bytes = jpeg): FormFile => ({
  field: 'image',
  name: 'historia.jpg',
  type: 'image/jpeg',
  bytes,
});

const createStoryCall = (
  fields: Record<string, string>,
  files: FormFile[] = [imageFile()],
  token = ctx.admin.token,
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/stories',
    payload: formData(fields, files),
    headers: bearer(token),
  });

describe('POST /api/stories', () => {
  it('creates an active story for every branch by default, expiring 24 h after creation', async () => {
    const res = await createStoryCall({ title: ' Lanzamiento ', active: '1', branch_id: '0' });
    expect(res.statusCode).toBe(201);
    const story = ZStory.parse(res.json().data);
    expect(story).toMatchObject({
      title: 'Lanzamiento',
      active: true,
      branch_id: null,
      branch: null,
      views_count: 0,
    });
    expect(new Date(story.expires_at).getTime() - new Date(story.created_at).getTime()).toBe(24 * HOUR);
    expect(story.image).toMatch(/^\/api\/files\/[a-f0-9]{64}\.jpg$/);
    const file = await ctx.app.inject({ method: 'GET', url: story.thumb_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
  });

  it('keeps the branch, the window and active "0"', async () => {
    const branch = await createBranch(ctx.db, { name: 'Salta' });
    const res = await createStoryCall({
      title: 'Promo',
      active: '0',
      branch_id: String(branch.id),
      starts_at: '2026-06-11T09:00:00.000Z',
      ends_at: '2026-06-12T09:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      active: false,
      is_live: false,
      branch_id: branch.id,
      branch: 'Salta',
      starts_at: '2026-06-11T09:00:00.000Z',
      ends_at: '2026-06-12T09:00:00.000Z',
      expires_at: '2026-06-12T09:00:00.000Z',
    });
  });

  it('reports a missing title and image at once', async () => {
    const res = await createStoryCall({ title: '' }, []);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: MEDIA_MSG.titleRequired,
      errors: { title: [MEDIA_MSG.titleRequired], image: [MEDIA_MSG.storyImageRequired] },
    });
  });

  it('refuses an end before the start, a bad date and a non-image file', async () => {
    const window = await createStoryCall({
      title: 'X',
      starts_at: '2026-06-12T09:00:00Z',
      ends_at: '2026-06-11T09:00:00Z',
    });
    expect(window.statusCode).toBe(400);
    expect(window.json().errors).toEqual({ ends_at: [MEDIA_MSG.endsBeforeStart] });

    const bad = await createStoryCall({ title: 'X', starts_at: 'mañana' });
    expect(bad.json().errors).toEqual({ starts_at: [MEDIA_MSG.invalidDate] });

    const svg = await createStoryCall({ title: 'X' }, [svgFile('image', 'a.svg', 'image/svg+xml')]);
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toEqual({ message: MEDIA_MSG.notAnImage, errors: { image: [MEDIA_MSG.notAnImage] } });

    const two = await createStoryCall({ title: 'X' }, [imageFile(), imageFile()]);
    expect(two.statusCode).toBe(400);
    expect(await ctx.db.select().from(stories)).toEqual([]);
  });

  it('a story that starts next week with no end lasts 24 h from its start, in the list and in the app', async () => {
    const startsAt = new Date(NOW.getTime() + 7 * DAY);
    const res = await createStoryCall({ title: 'La semana que viene', starts_at: startsAt.toISOString() });
    expect(res.statusCode).toBe(201);
    const created = ZStory.parse(res.json().data);
    expect(created).toMatchObject({ is_live: false, ends_at: null });
    expect(created.expires_at).toBe(new Date(startsAt.getTime() + 24 * HOUR).toISOString());

    const seller = (path: string) =>
      ctx.app.inject({ method: 'GET', url: path, headers: bearer(ctx.seller.token) });
    const appStories = async () => ZAppStory.array().parse((await seller('/api/app/stories')).json().data);
    const listed = async () => ZStory.parse((await ctx.asAdmin('GET', '/api/stories')).json().data[0]);
    // Before its start: waiting, in the panel and in the app.
    expect(await appStories()).toEqual([]);
    // An hour after its start (a day after its creation would have ended it): live, until start + 24 h.
    clock = new Date(startsAt.getTime() + HOUR);
    expect(await listed()).toMatchObject({ is_live: true, expires_at: created.expires_at });
    expect((await appStories()).map((s) => [s.title, s.expires_at])).toEqual([
      ['La semana que viene', created.expires_at],
    ]);
    const view = await ctx.app.inject({
      method: 'POST',
      url: `/api/app/stories/${created.id}/view`,
      headers: bearer(ctx.seller.token),
    });
    expect(view.statusCode).toBe(200);
    // 24 h after its start: over.
    clock = new Date(startsAt.getTime() + 24 * HOUR);
    expect((await listed()).is_live).toBe(false);
    expect(await appStories()).toEqual([]);
  });

  it('refuses, naming the field, an end before now and a start over 24 h ago without an end', async () => {
    const past = await createStoryCall({ title: 'X', ends_at: new Date(NOW.getTime() - HOUR).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({
      message: expect.stringContaining(MEDIA_MSG.endsInThePast),
      errors: { ends_at: [MEDIA_MSG.endsInThePast] },
    });
    const both = await createStoryCall({
      title: 'X',
      starts_at: new Date(NOW.getTime() - 3 * DAY).toISOString(),
      ends_at: new Date(NOW.getTime() - 2 * DAY).toISOString(),
    });
    expect(both.json().errors).toEqual({ ends_at: [MEDIA_MSG.endsInThePast] });
    const early = await createStoryCall({
      title: 'X',
      starts_at: new Date(NOW.getTime() - 25 * HOUR).toISOString(),
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual({ starts_at: [MEDIA_MSG.startsTooLongAgo] });
    // With the image missing too, both problems come back at once.
    const withoutImage = await createStoryCall(
      { title: 'X', ends_at: new Date(NOW.getTime() - HOUR).toISOString() },
      [],
    );
    expect(withoutImage.json().errors).toEqual({
      ends_at: [MEDIA_MSG.endsInThePast],
      image: [MEDIA_MSG.storyImageRequired],
    });
    expect(await ctx.db.select().from(stories)).toEqual([]);

    // A start 23 h ago without an end still has an hour to go; an end a minute from now is accepted.
    const recent = await createStoryCall({
      title: 'Hace 23 h',
      starts_at: new Date(NOW.getTime() - 23 * HOUR).toISOString(),
    });
    expect(recent.statusCode).toBe(201);
    expect(recent.json().data).toMatchObject({
      is_live: true,
      expires_at: new Date(NOW.getTime() + HOUR).toISOString(),
    });
    const soon = await createStoryCall({
      title: 'Pronto',
      ends_at: new Date(NOW.getTime() + 60_000).toISOString(),
    });
    expect(soon.statusCode).toBe(201);
  });

  it('is for admins: 403 seller', async () => {
    expect((await createStoryCall({ title: 'X' }, [imageFile()], ctx.seller.token)).statusCode).toBe(403);
  });
});

describe('GET /api/stories', () => {
  it('lists newest first with the status rule: active, started and not expired', async () => {
    const admin = ctx.admin.id;
    const base = { imageKey: `${'b'.repeat(64)}.jpg`, createdBy: admin };
    await ctx.db.insert(stories).values([
      { ...base, title: 'Vigente', createdAt: new Date(NOW.getTime() - 2 * HOUR) },
      { ...base, title: 'Vencida por 24h', createdAt: new Date(NOW.getTime() - 25 * HOUR) },
      { ...base, title: 'Inactiva', active: false, createdAt: new Date(NOW.getTime() - 3 * HOUR) },
      {
        ...base,
        title: 'Futura',
        startsAt: new Date(NOW.getTime() + HOUR),
        createdAt: new Date(NOW.getTime() - 4 * HOUR),
      },
      {
        ...base,
        title: 'Con fin largo',
        endsAt: new Date(NOW.getTime() + 48 * HOUR),
        createdAt: new Date(NOW.getTime() - 30 * HOUR),
      },
    ]);
    const res = await ctx.asAdmin('GET', '/api/stories?per_page=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((s: { title: string; is_live: boolean }) => [s.title, s.is_live])).toEqual([
      ['Vigente', true],
      ['Inactiva', false],
      ['Futura', false],
      ['Vencida por 24h', false],
      ['Con fin largo', true],
    ]);
    expect(body.data[0]).toMatchObject({ user_name: expect.any(String), ends_at: null });
    expect(body.meta.total).toBe(5);

    const search = (await ctx.asAdmin('GET', '/api/stories?q=vencida')).json();
    expect(search.data.map((s: { title: string }) => s.title)).toEqual(['Vencida por 24h']);
  });
});

describe('the expiry: one definition', () => {
  it("the queries' SQL and packages/shared's storyExpiresAt give the same instant for every kind of window", async () => {
    const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);
    const windows = [
      { createdAt: at(-2), startsAt: null, endsAt: null },
      { createdAt: at(-2), startsAt: at(7 * 24), endsAt: null },
      { createdAt: at(-30), startsAt: at(-3), endsAt: null },
      { createdAt: at(-2), startsAt: at(5), endsAt: at(8) },
      { createdAt: at(-50), startsAt: null, endsAt: at(48) },
    ];
    const base = { imageKey: `${'c'.repeat(64)}.jpg`, createdBy: ctx.admin.id };
    await ctx.db.insert(stories).values(windows.map((w, i) => ({ ...base, title: `Ventana ${i}`, ...w })));
    const listed = (await ctx.asAdmin('GET', '/api/stories?per_page=10&sort=title')).json().data as {
      title: string;
      expires_at: string;
    }[];
    expect(listed.map((s) => s.expires_at)).toEqual(
      windows.map((w) =>
        storyExpiresAt({ created_at: w.createdAt, starts_at: w.startsAt, ends_at: w.endsAt }).toISOString(),
      ),
    );
    // The app's list answers the same instants for the stories it shows (started, not over).
    const app = (
      await ctx.app.inject({ method: 'GET', url: '/api/app/stories', headers: bearer(ctx.seller.token) })
    ).json().data as { title: string; expires_at: string }[];
    const byTitle = new Map(listed.map((s) => [s.title, s.expires_at]));
    expect(app.map((s) => s.title).sort()).toEqual(['Ventana 0', 'Ventana 2', 'Ventana 4']);
    for (const s of app) expect(s.expires_at).toBe(byTitle.get(s.title));
  });
});

describe('GET /api/stories/{id}/viewers', () => {
  it('lists viewers newest first, or none', async () => {
    const story = (await createStoryCall({ title: 'Vista' })).json().data;
    expect((await ctx.asAdmin('GET', `/api/stories/${story.id}/viewers`)).json()).toEqual({
      data: [],
      meta: { page: 1, per_page: 5, total: 0, last_page: 1 },
    });
    const ana = await createUser(ctx.db, { name: 'Ana Gómez' });
    const beto = await createUser(ctx.db, { name: 'Beto Ruiz' });
    await ctx.db.insert(storyViews).values([
      { storyId: story.id, userId: ana.id, viewedAt: new Date('2026-06-10T10:00:00Z') },
      { storyId: story.id, userId: beto.id, viewedAt: new Date('2026-06-10T12:00:00Z') },
    ]);
    const viewers = (await ctx.asAdmin('GET', `/api/stories/${story.id}/viewers`)).json();
    expect(viewers.data).toEqual([
      { id: beto.id, name: 'Beto Ruiz', avatar: null, viewed_at: '2026-06-10T12:00:00.000Z' },
      { id: ana.id, name: 'Ana Gómez', avatar: null, viewed_at: '2026-06-10T10:00:00.000Z' },
    ]);
    expect((await ctx.asAdmin('GET', '/api/stories?per_page=1')).json().data[0].views_count).toBe(2);
    expect((await ctx.asAdmin('GET', '/api/stories/999999/viewers')).statusCode).toBe(404);
  });
});

describe('DELETE /api/stories/{id}', () => {
  it('removes the story, its views and its files', async () => {
    const story = (await createStoryCall({ title: 'Borrar' })).json().data;
    await ctx.db.insert(storyViews).values({ storyId: story.id, userId: ctx.seller.id });
    expect((await ctx.asAdmin('DELETE', `/api/stories/${story.id}`)).statusCode).toBe(204);
    expect(await ctx.db.select().from(storyViews)).toEqual([]);
    for (const url of [story.image, story.thumb_url]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const again = await ctx.asAdmin('DELETE', `/api/stories/${story.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MEDIA_MSG.storyNotFound);
  });
});
