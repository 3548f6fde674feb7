import { MEDIA_MSG, ZStory } from '@panel/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stories, storyViews } from '../../../src/db/schema/stories.ts';
import { bearer, createBranch, createUser } from '../../../src/testing/factories.ts';
import { type FormFile, formData, makeImage } from '../../../src/testing/images.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// A fixed clock, so "Activa" and "24h" are checked against a known now.
const NOW = new Date('2026-06-10T15:00:00Z');
const HOUR = 60 * 60 * 1000;

let ctx: TestContext;
let jpeg: Buffer;
beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  jpeg = await makeImage('jpeg', { color: '#7048e8', width: 720, height: 1280 });
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

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

    const svg = await createStoryCall({ title: 'X' }, [
      {
        field: 'image',
        name: 'a.svg',
        type: 'image/svg+xml',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      },
    ]);
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toEqual({ message: MEDIA_MSG.notAnImage, errors: { image: [MEDIA_MSG.notAnImage] } });

    const two = await createStoryCall({ title: 'X' }, [imageFile(), imageFile()]);
    expect(two.statusCode).toBe(400);
    expect(await ctx.db.select().from(stories)).toEqual([]);
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
