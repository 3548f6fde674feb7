import { createHash } from 'node:crypto';
import { ZPost, ZStory } from '@panel/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postImages } from '../../../src/db/schema/posts.ts';
import { bearer, createBranch, createUser, tokenFor } from '../../../src/testing/factories.ts';
import { type FormFile, formData, postAsAdmin } from '../../../src/testing/images.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

// A photo's location must not reach whoever opens /api/files (issue 20, item 4): what is stored
// is the picture turned upright by its EXIF orientation, without EXIF, GPS or any other metadata.

const FORMATS = ['jpeg', 'png', 'webp'] as const;
type Format = (typeof FORMATS)[number];
const EXTENSION: Record<Format, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
const SECRET = 'UBICACION-SECRETA-DEL-LOCAL';

/**
 * A real phone-like photo: 600 × 400 as encoded, a red block in its top-left corner, and EXIF
 * with orientation 6 (shown turned 90° clockwise: 400 × 600 with the red block top-right), GPS
 * coordinates and a description that names the place.
 */
async function photoWithGps(format: Format, background = '#1971c2'): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background } })
    .composite([
      { input: { create: { width: 150, height: 100, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
    ])
    .withExif({
      IFD0: { ImageDescription: SECRET, Make: 'Telefono', Model: 'Modelo X' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '34/1 36/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '58/1 22/1 5678/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toFormat(format)
    .toBuffer();
}

/** The GPS IFD pointer tag (0x8825), in either byte order. */
const hasGpsTag = (exif: Buffer) =>
  exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

/** The served bytes carry no metadata at all, and the picture stands upright. */
async function expectCleanAndUpright(bytes: Buffer, format: Format) {
  expect(bytes.includes(SECRET)).toBe(false);
  expect(bytes.includes('Exif')).toBe(false);
  expect(bytes.includes('eXIf')).toBe(false);
  expect(bytes.includes('Telefono')).toBe(false);
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe(format);
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  expect([meta.width, meta.height]).toEqual([400, 600]);
  // The red block, top-left as encoded, is now top-right; the bottom-left stays blue.
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
  ];
  const [r1, g1, b1] = pixel(380, 20);
  expect(r1).toBeGreaterThan(200);
  expect(g1! + b1!).toBeLessThan(80);
  const [r2, , b2] = pixel(20, 580);
  expect(r2).toBeLessThan(80);
  expect(b2).toBeGreaterThan(150);
}

let ctx: TestContext;
const photos = {} as Record<Format, Buffer>;
beforeAll(async () => {
  ctx = await createTestContext();
  for (const format of FORMATS) photos[format] = await photoWithGps(format);
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.reset());

const file = (format: Format, field: string, bytes = photos[format]): FormFile => ({
  field,
  name: `foto.${EXTENSION[format]}`,
  type: `image/${format}`,
  bytes,
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('uploaded photos are stored without their metadata, upright', () => {
  it('the fixtures do carry GPS EXIF and orientation 6', async () => {
    for (const format of FORMATS) {
      const meta = await sharp(photos[format]).metadata();
      expect(meta.orientation, format).toBe(6);
      expect(meta.exif && hasGpsTag(meta.exif), format).toBe(true);
      expect(photos[format].includes(SECRET), format).toBe(true);
    }
  });

  for (const format of FORMATS) {
    it(`a panel post's ${format.toUpperCase()} is served without GPS or EXIF, turned by its orientation`, async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/posts',
        payload: formData({ content: 'Vidriera' }, [file(format, 'images[]')]),
        headers: bearer(ctx.admin.token),
      });
      expect(res.statusCode).toBe(201);
      const post = ZPost.parse(res.json().data);
      const url = post.images[0]!.url;
      expect(url).toMatch(new RegExp(`^/api/files/[a-f0-9]{64}\\.${EXTENSION[format]}$`));
      const served = await get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(`image/${format}`);
      expect(served.rawPayload.equals(photos[format])).toBe(false);
      await expectCleanAndUpright(served.rawPayload, format);

      // The row tells the upright size and the stored size.
      const [row] = await ctx.db.select().from(postImages).where(eq(postImages.postId, post.id));
      expect([row!.width, row!.height, row!.size]).toEqual([400, 600, served.rawPayload.length]);
      const thumb = await sharp((await get(post.images[0]!.thumb_url)).rawPayload).metadata();
      expect([thumb.width, thumb.height, thumb.exif]).toEqual([213, 320, undefined]);
    });
  }

  it("a story's photo and a seller's photo in the app are cleaned the same way", async () => {
    const story = await ctx.app.inject({
      method: 'POST',
      url: '/api/stories',
      payload: formData({ title: 'Historia', active: '1' }, [file('jpeg', 'image')]),
      headers: bearer(ctx.admin.token),
    });
    expect(story.statusCode).toBe(201);
    const storyUrl = ZStory.parse(story.json().data).image;
    await expectCleanAndUpright((await get(storyUrl)).rawPayload, 'jpeg');

    const branch = await createBranch(ctx.db);
    const seller = await createUser(ctx.db, { branchId: branch.id });
    const token = await tokenFor(ctx.db, seller.id);
    for (const format of FORMATS) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/app/posts',
        payload: formData({ content: `Desde el local (${format})` }, [file(format, 'images[]')]),
        headers: bearer(token),
      });
      expect(res.statusCode, format).toBe(201);
      const url = res.json().data.images[0].url as string;
      await expectCleanAndUpright((await get(url)).rawPayload, format);
    }
  });

  it('the same photo posted twice is one stored file (the key is the sha-256 of the stored bytes), kept while a post uses it', async () => {
    const post = async () =>
      ZPost.parse(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/posts',
            payload: formData({ content: 'Otra vez' }, [file('jpeg', 'images[]')]),
            headers: bearer(ctx.admin.token),
          })
        ).json().data,
      );
    const first = await post();
    const second = await post();
    expect(second.images[0]!.url).toBe(first.images[0]!.url);
    const served = (await get(first.images[0]!.url)).rawPayload;
    expect(first.images[0]!.url).toContain(createHash('sha256').update(served).digest('hex'));

    expect((await ctx.asAdmin('DELETE', `/api/posts/${first.id}`)).statusCode).toBe(204);
    expect((await get(second.images[0]!.url)).statusCode).toBe(200);
    expect((await ctx.asAdmin('DELETE', `/api/posts/${second.id}`)).statusCode).toBe(204);
    expect((await get(second.images[0]!.url)).statusCode).toBe(404);
  });

  it('an animated GIF keeps its frames', async () => {
    // Three 40 × 30 frames, one page each.
    const real = await sharp(
      Buffer.concat([
        await sharp({ create: { width: 40, height: 30, channels: 4, background: '#ff0000' } })
          .raw()
          .toBuffer(),
        await sharp({ create: { width: 40, height: 30, channels: 4, background: '#00ff00' } })
          .raw()
          .toBuffer(),
        await sharp({ create: { width: 40, height: 30, channels: 4, background: '#0000ff' } })
          .raw()
          .toBuffer(),
      ]),
      { raw: { width: 40, height: 90, channels: 4, pageHeight: 30 } },
    )
      .gif({ loop: 0, delay: [100, 100, 100] })
      .toBuffer();
    expect((await sharp(real, { animated: true }).metadata()).pages).toBe(3);
    const res = await postAsAdmin(ctx, 'Animada', [
      { field: 'images[]', name: 'a.gif', type: 'image/gif', bytes: real },
    ]);
    expect(res.statusCode).toBe(201);
    const post = ZPost.parse(res.json().data);
    const meta = await sharp((await get(post.images[0]!.url)).rawPayload, { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.width, meta.pageHeight]).toEqual(['gif', 3, 40, 30]);
    const [row] = await ctx.db.select().from(postImages).where(eq(postImages.postId, post.id));
    expect([row!.width, row!.height]).toEqual([40, 30]);
  });
});
