import { ZPost } from '@panel/shared';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../../src/db/schema/posts.ts';
import { SERVER_MSG } from '../../../src/lib/http-errors.ts';
import { storageUnavailable } from '../../../src/services/storage/s3.ts';
import { bearer } from '../../../src/testing/factories.ts';
import { formData, makeImage, postAsAdmin } from '../../../src/testing/images.ts';
import { startTestS3Server, type TestS3Server } from '../../../src/testing/s3-server.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let s3: TestS3Server;
let ctx: TestContext;
beforeAll(async () => {
  s3 = await startTestS3Server();
  ctx = await createTestContext({
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_PREFIX: 'uploads',
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

describe('STORAGE_DRIVER=s3', () => {
  it('stores uploads in the bucket, serves them through /api/files and deletes them with the post', async () => {
    expect(ctx.app.storage.driver).toBe('s3');
    const gif = await makeImage('gif', { width: 200, height: 120 });
    const res = await postAsAdmin(ctx, 'Desde S3', [
      { field: 'images[]', name: 'a.gif', type: 'image/gif', bytes: gif },
    ]);
    expect(res.statusCode).toBe(201);
    const post = ZPost.parse(res.json().data);
    const { url, thumb_url } = post.images[0]!;

    const original = await ctx.app.inject({ method: 'GET', url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/gif');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    // Stored re-encoded without metadata (image-metadata.test.ts), so compared as a picture.
    const meta = await sharp(original.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['gif', 200, 120]);

    // The object really is in the bucket (under the S3_PREFIX).
    const key = url.replace('/api/files/', '');
    expect(await ctx.app.storage.exists(key)).toBe(true);

    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/posts/${post.id}`,
          headers: bearer(ctx.admin.token),
        })
      ).statusCode,
    ).toBe(204);
    expect(await ctx.app.storage.exists(key)).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: thumb_url })).statusCode).toBe(404);
  });

  it('the store failing between two images of a post: a Spanish 503, no post, and the first image removed again', async () => {
    const storage = ctx.app.storage;
    const put = storage.put.bind(storage);
    const stored: string[] = [];
    let calls = 0;
    storage.put = async (key, body, type) => {
      // The original and thumbnail of the first image go in; the store goes down at the second.
      if (++calls > 2) throw storageUnavailable('PUT', new Error('connect ECONNREFUSED'));
      stored.push(key);
      return put(key, body, type);
    };
    const [before] = await ctx.db.select({ n: count() }).from(posts);
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/posts',
        payload: formData({ content: 'Se cae el almacenamiento' }, [
          {
            field: 'images[]',
            name: 'a.png',
            type: 'image/png',
            bytes: await makeImage('png', { color: '#112233' }),
          },
          {
            field: 'images[]',
            name: 'b.png',
            type: 'image/png',
            bytes: await makeImage('png', { color: '#445566' }),
          },
        ]),
        headers: bearer(ctx.admin.token),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: SERVER_MSG.storageUnavailableOnSave });
      expect(res.headers['retry-after']).toBe('30');
    } finally {
      storage.put = put;
    }
    const [after] = await ctx.db.select({ n: count() }).from(posts);
    expect(after!.n).toBe(before!.n);
    expect(stored).toHaveLength(2);
    for (const key of stored) expect(await storage.exists(key)).toBe(false);
  });
});
