import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEDIA_MSG, MSG, ZPost } from '@panel/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postComments, postImages, postLikes, posts } from '../../../src/db/schema/posts.ts';
import { bearer, createBranch, createPost, createUser } from '../../../src/testing/factories.ts';
import {
  type FormFile,
  formData,
  makeDecompressionBomb,
  makeHugeImage,
  makeImage,
} from '../../../src/testing/images.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// Uploads stream to temporary files: give this file its own folder, to see that none is left.
const uploadTmp = mkdtempSync(join(tmpdir(), 'panel-posts-test-'));
process.env.TMPDIR = uploadTmp;

const leftovers = () => readdirSync(uploadTmp).filter((f) => f.startsWith('panel-upload-'));

let ctx: TestContext;
let png: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  png = await makeImage('png', { color: '#1971c2' });
  jpeg = await makeImage('jpeg', { color: '#e8590c', width: 1200, height: 800 });
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

const image = (bytes: Buffer, name = 'foto.png', type = 'image/png'): FormFile => ({
  field: 'images[]',
  name,
  type,
  bytes,
});

const createPostCall = (fields: Record<string, string>, files: FormFile[], token = ctx.admin.token) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/posts',
    payload: formData(fields, files),
    headers: bearer(token),
  });

async function expectHealthy() {
  expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  expect(leftovers()).toEqual([]);
  expect(await ctx.db.select().from(posts)).toEqual([]);
}

describe('POST /api/posts', () => {
  it('creates a post with two images, their thumbnails and their rows in one go (201)', async () => {
    const branch = await createBranch(ctx.db, { name: 'Córdoba Centro' });
    const res = await createPostCall({ content: '  Nueva exhibición  ', branch_id: String(branch.id) }, [
      image(png),
      image(jpeg, 'góndola.jpg', 'image/jpeg'),
    ]);
    expect(res.statusCode).toBe(201);
    const post = ZPost.parse(res.json().data);
    expect(post).toMatchObject({
      content: 'Nueva exhibición',
      branch_id: branch.id,
      branch_name: 'Córdoba Centro',
      likes_count: 0,
      comments_count: 0,
    });
    expect(post.images).toHaveLength(2);
    expect(post.images[0]!.url).toMatch(/^\/api\/files\/[a-f0-9]{64}\.png$/);
    expect(post.images[1]!.url).toMatch(/^\/api\/files\/[a-f0-9]{64}\.jpg$/);

    // The original comes back with its true type and the cache headers, re-encoded without
    // metadata (image-metadata.test.ts), so not byte for byte.
    const original = await ctx.app.inject({ method: 'GET', url: post.images[1]!.url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(original.rawPayload).metadata()).format).toBe('jpeg');

    const thumb = await ctx.app.inject({ method: 'GET', url: post.images[1]!.thumb_url });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBe(320);

    const rows = await ctx.db.select().from(postImages).where(eq(postImages.postId, post.id));
    expect(rows.map((r) => [r.position, r.mime, r.width, r.height])).toEqual([
      [0, 'image/png', 640, 480],
      [1, 'image/jpeg', 1200, 800],
    ]);
    expect(leftovers()).toEqual([]);
  });

  it('accepts branch_id 0 or empty as every branch, and the `images` field name too', async () => {
    for (const branchId of ['0', '']) {
      const res = await createPostCall({ content: 'Para todos', branch_id: branchId }, [
        { ...image(png), field: 'images' },
      ]);
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ branch_id: null, branch_name: null });
    }
  });

  it('reports every missing field at once: content and images', async () => {
    const res = await createPostCall({ content: '   ' }, []);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: MEDIA_MSG.contentRequired,
      errors: { content: [MEDIA_MSG.contentRequired], images: [MEDIA_MSG.imagesRequired] },
    });
  });

  it('refuses content over 500 characters and an unknown branch, saving nothing', async () => {
    const long = await createPostCall({ content: 'x'.repeat(501) }, [image(png)]);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ content: [MEDIA_MSG.contentTooLong] });

    const branch = await createPostCall({ content: 'Hola', branch_id: '999999' }, [image(png)]);
    expect(branch.statusCode).toBe(400);
    expect(branch.json().errors).toEqual({ branch_id: [MEDIA_MSG.branchInvalid] });
    await expectHealthy();
  });

  it('accepts a JSON body only to refuse it for lacking images', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: { content: 'Sin imágenes' },
      headers: bearer(ctx.admin.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ images: [MEDIA_MSG.imagesRequired] });
  });

  describe('refuses what is not a raster image, and stays healthy', () => {
    const cases: [string, () => Promise<FormFile>, number, string][] = [
      [
        'an SVG',
        async () =>
          image(
            Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
            'logo.svg',
            'image/svg+xml',
          ),
        400,
        MEDIA_MSG.notAnImage,
      ],
      [
        'text disguised as a JPEG',
        async () => image(Buffer.from('<html><script>alert(1)</script></html>'), 'foto.jpg', 'image/jpeg'),
        400,
        MEDIA_MSG.notAnImage,
      ],
      [
        'a broken (truncated) PNG',
        async () => image(png.subarray(0, Math.floor(png.length / 2)), 'rota.png'),
        400,
        MEDIA_MSG.brokenImage,
      ],
      [
        'a decompression bomb',
        async () => image(await makeDecompressionBomb(), 'bomba.png'),
        400,
        MEDIA_MSG.imageTooManyPixels,
      ],
      [
        'an 11 MB image',
        async () => image(await makeHugeImage(), 'enorme.png'),
        413,
        MEDIA_MSG.imagesTooLarge,
      ],
    ];
    for (const [label, make, status, message] of cases) {
      it(`${label}: ${status} "${message}"`, async () => {
        const res = await createPostCall({ content: 'Hola' }, [image(png), await make()]);
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ message, errors: { images: [message] } });
        await expectHealthy();
      });
    }

    it(`six images: 400 "${MEDIA_MSG.tooManyImages}"`, async () => {
      const res = await createPostCall(
        { content: 'Hola' },
        Array.from({ length: 6 }, () => image(png)),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: MEDIA_MSG.tooManyImages,
        errors: { images: [MEDIA_MSG.tooManyImages] },
      });
      await expectHealthy();
    });
  });

  it('is for admins: 401 anonymous, 403 seller', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: formData({ content: 'x' }, [image(png)]),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await createPostCall({ content: 'x' }, [image(png)], ctx.seller.token)).statusCode).toBe(403);
    await expectHealthy();
  });
});

describe('multipart on routes without files', () => {
  it('still puts fields-only multipart bodies in request.body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/branches',
      payload: formData({ name: 'Mar del Plata', city: 'Mar del Plata' }),
      headers: bearer(ctx.admin.token),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Mar del Plata', city: 'Mar del Plata' });
  });

  it('refuses files there, naming the field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/branches',
      payload: formData({ name: 'Tandil' }, [{ ...image(png), field: 'logo' }]),
      headers: bearer(ctx.admin.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: MEDIA_MSG.filesNotAccepted,
      errors: { logo: [MEDIA_MSG.filesNotAccepted] },
    });
    expect(leftovers()).toEqual([]);
  });
});

describe('GET /api/posts', () => {
  it('pages, searches by content ignoring accents and counts likes and comments', async () => {
    const author = await createUser(ctx.db, { name: 'Lucía Fernández' });
    const fan = await createUser(ctx.db);
    const branch = await createBranch(ctx.db, { name: 'Rosario' });
    await ctx.db.insert(posts).values([
      { userId: author.id, content: 'Promoción de invierno', createdAt: new Date('2026-05-01T12:00:00Z') },
      {
        userId: author.id,
        content: 'Exhibición nueva',
        branchId: branch.id,
        createdAt: new Date('2026-05-02T12:00:00Z'),
      },
      { userId: author.id, content: 'Otra PROMOCION', createdAt: new Date('2026-05-03T12:00:00Z') },
    ]);
    const [first] = await ctx.db.select().from(posts).where(eq(posts.content, 'Promoción de invierno'));
    await ctx.db.insert(postLikes).values([
      { postId: first!.id, userId: author.id },
      { postId: first!.id, userId: fan.id },
    ]);
    await ctx.db.insert(postComments).values({ postId: first!.id, userId: fan.id, content: '¡Buenísimo!' });

    const all = (await ctx.asAdmin('GET', '/api/posts?per_page=2')).json();
    expect(all.meta).toEqual({
      page: 1,
      per_page: 2,
      total: 3,
      last_page: 2,
      next_cursor: expect.any(String),
    });
    expect(all.data.map((p: { content: string }) => p.content)).toEqual([
      'Otra PROMOCION',
      'Exhibición nueva',
    ]);
    expect(all.data[1]).toMatchObject({ branch_name: 'Rosario', user_name: 'Lucía Fernández', images: [] });

    const found = (await ctx.asAdmin('GET', '/api/posts?q=promocion&sort=created_at')).json();
    expect(found.data.map((p: { content: string }) => p.content)).toEqual([
      'Promoción de invierno',
      'Otra PROMOCION',
    ]);
    expect(found.data[0]).toMatchObject({ likes_count: 2, comments_count: 1, branch_name: null });

    const byLikes = (await ctx.asAdmin('GET', '/api/posts?sort=-likes_count&per_page=1')).json();
    expect(byLikes.data[0].content).toBe('Promoción de invierno');

    const allBranches = (await ctx.asAdmin('GET', '/api/posts?branch_id=0')).json();
    expect(allBranches.meta.total).toBe(2);
    const oneBranch = (await ctx.asAdmin('GET', `/api/posts?branch_id=${branch.id}`)).json();
    expect(oneBranch.meta.total).toBe(1);
    expect(oneBranch.data.map((p: { content: string }) => p.content)).toEqual(['Exhibición nueva']);
    // The same shape of query again, with other values (the statement is built once per shape).
    const other = (await ctx.asAdmin('GET', '/api/posts?q=exhibicion&branch_id=0')).json();
    expect(other.meta.total).toBe(0);
    const again = (await ctx.asAdmin('GET', '/api/posts?q=invierno&branch_id=0')).json();
    expect(again.data.map((p: { content: string }) => p.content)).toEqual(['Promoción de invierno']);
  });

  it('refuses an unknown sort column (400)', async () => {
    expect((await ctx.asAdmin('GET', '/api/posts?sort=content')).statusCode).toBe(400);
  });
});

describe('GET /api/posts/{id}/likes and /comments', () => {
  it('lists who liked and commented, newest first, with avatar or null', async () => {
    const post = await createPost(ctx.db, ctx.seller.id);
    const ana = await createUser(ctx.db, { name: 'Ana Gómez' });
    const beto = await createUser(ctx.db, { name: 'Beto Ruiz' });
    await ctx.db.insert(postLikes).values([
      { postId: post.id, userId: ana.id, createdAt: new Date('2026-05-01T10:00:00Z') },
      { postId: post.id, userId: beto.id, createdAt: new Date('2026-05-01T11:00:00Z') },
    ]);
    await ctx.db.insert(postComments).values({ postId: post.id, userId: ana.id, content: '<b>Genial</b>' });

    const likes = (await ctx.asAdmin('GET', `/api/posts/${post.id}/likes`)).json();
    expect(likes.meta.total).toBe(2);
    expect(likes.data.map((l: { user_name: string }) => l.user_name)).toEqual(['Beto Ruiz', 'Ana Gómez']);
    expect(likes.data[0]).toMatchObject({ user_avatar: null, created_at: '2026-05-01T11:00:00.000Z' });

    const comments = (await ctx.asAdmin('GET', `/api/posts/${post.id}/comments`)).json();
    expect(comments.data).toEqual([
      expect.objectContaining({ user_name: 'Ana Gómez', content: '<b>Genial</b>' }),
    ]);
  });

  it('answers 404 for a missing post', async () => {
    for (const path of ['likes', 'comments']) {
      const res = await ctx.asAdmin('GET', `/api/posts/999999/${path}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MEDIA_MSG.postNotFound);
    }
  });
});

describe('DELETE /api/posts/{id}', () => {
  it('removes the post, its rows and its files, keeping files another post still uses', async () => {
    const red = await makeImage('png', { color: '#c92a2a' });
    const a = (await createPostCall({ content: 'A' }, [image(png), image(red)])).json().data;
    const b = (await createPostCall({ content: 'B' }, [image(png)])).json().data;
    await ctx.db.insert(postLikes).values({ postId: a.id, userId: ctx.seller.id });

    const res = await ctx.asAdmin('DELETE', `/api/posts/${a.id}`);
    expect(res.statusCode).toBe(204);
    expect(await ctx.db.select().from(postImages).where(eq(postImages.postId, a.id))).toEqual([]);
    expect(await ctx.db.select().from(postLikes)).toEqual([]);

    const status = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).statusCode;
    // The red picture was only in A: gone. The blue one is in B too: kept.
    expect(await status(a.images[1].url)).toBe(404);
    expect(await status(a.images[1].thumb_url)).toBe(404);
    expect(a.images[0].url).toBe(b.images[0].url);
    expect(await status(b.images[0].url)).toBe(200);

    expect((await ctx.asAdmin('DELETE', `/api/posts/${a.id}`)).statusCode).toBe(404);
    await ctx.asAdmin('DELETE', `/api/posts/${b.id}`);
    expect(await status(b.images[0].url)).toBe(404);
  });
});

describe('GET /api/files/*', () => {
  it('answers 404 for unknown keys and anything that is not a key', async () => {
    for (const key of [
      `${'a'.repeat(64)}.png`,
      '..%2F..%2Fsecret.key',
      'secret.key',
      `${'a'.repeat(64)}.svg`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/files/${key}` });
      expect(res.statusCode, key).toBe(404);
      expect(res.json().message).toBe(MEDIA_MSG.fileNotFound);
    }
  });
});

describe('error texts', () => {
  it('are the human messages, without a field prefix', () => {
    expect(MSG.notFound).toBeTruthy();
  });
});
