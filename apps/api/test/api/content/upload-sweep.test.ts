import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postImages } from '../../../src/db/schema/posts.ts';
import { createS3Storage } from '../../../src/services/storage/s3.ts';
import { sweepOrphanObjects, sweepOrphanUploads } from '../../../src/services/storage/sweep-orphans.ts';
import { createPost } from '../../../src/testing/factories.ts';
import { startTestS3Server } from '../../../src/testing/s3-server.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

let ctx: TestContext;
let root: string;
beforeAll(async () => {
  ctx = await createTestContext();
  root = mkdtempSync(join(tmpdir(), 'panel-sweep-'));
});
afterAll(async () => {
  await ctx?.close();
  rmSync(root, { recursive: true, force: true });
});

const key = (char: string, ext = 'jpg') => `${char.repeat(64)}.${ext}`;
/** A post whose one image is stored under key(char), with its thumbnail. */
async function postWithImage(char: string) {
  const post = await createPost(ctx.db, ctx.admin.id);
  await ctx.db.insert(postImages).values({
    postId: post.id,
    position: 0,
    storageKey: key(char),
    thumbKey: key(char, 'thumb.webp'),
    mime: 'image/jpeg',
    size: 1,
  });
}
function file(name: string, ageSeconds: number) {
  const dir = join(root, name.slice(0, 2));
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, 'x');
  const when = new Date(Date.now() - ageSeconds * 1000);
  utimesSync(path, when, when);
  return path;
}

describe('start-up sweep of uploads without a row (a crash between storing a file and committing its row)', () => {
  it('removes old unreferenced files and interrupted .tmp writes; keeps referenced, young and foreign files', async () => {
    await postWithImage('a');
    const referenced = file(key('a'), 3600);
    const referencedThumb = file(key('a', 'thumb.webp'), 3600);
    const orphan = file(key('b'), 3600);
    const orphanThumb = file(key('b', 'thumb.webp'), 3600);
    const young = file(key('c', 'png'), 5);
    const interrupted = file(`${key('d')}.0123456789ab.tmp`, 3600);
    const foreign = file('notas-del-operador.txt', 3600);

    const result = await sweepOrphanUploads(ctx.db, root, 60_000);
    expect(result).toEqual({ removed: 2, temporary: 1, young: 1 });
    expect(existsSync(orphan) || existsSync(orphanThumb) || existsSync(interrupted)).toBe(false);
    for (const kept of [referenced, referencedThumb, young, foreign]) expect(existsSync(kept)).toBe(true);

    // With no grace (a single process that has not started listening yet), the young one goes too.
    expect(await sweepOrphanUploads(ctx.db, root, 0)).toEqual({ removed: 1, temporary: 0, young: 0 });
    expect(existsSync(young)).toBe(false);
    expect(existsSync(referenced)).toBe(true);
  });

  it('does nothing when the uploads folder does not exist yet', async () => {
    expect(await sweepOrphanUploads(ctx.db, join(root, 'no-existe'), 0)).toEqual({
      removed: 0,
      temporary: 0,
      young: 0,
    });
  });
});

describe('the same sweep for a bucket (STORAGE_DRIVER=s3)', () => {
  // One CI run (load 6-8) had a call to the in-process S3 server that never came back, and the test
  // hit its own 30 s limit without saying which. Each call now gives up after 8 s with a 503 naming
  // it (s3.ts), and the test gets one more try on a new server: the sweep itself is deterministic.
  it('deletes old objects under its prefix that no row points to; keeps referenced, young, foreign and other prefixes', {
    retry: 1,
  }, async () => {
    const s3 = await startTestS3Server();
    try {
      const storageOf = (prefix: string) =>
        createS3Storage(
          {
            bucket: s3.bucket,
            region: 'us-east-1',
            endpoint: s3.endpoint,
            accessKeyId: s3.accessKeyId,
            secretAccessKey: s3.secretAccessKey,
            forcePathStyle: true,
            prefix,
          },
          { callTimeoutMs: 8_000 },
        );
      const storage = storageOf('panel/');
      await postWithImage('e');
      for (const k of [key('e'), key('e', 'thumb.webp'), key('f'), key('f', 'thumb.webp'), 'notas.txt'])
        await storage.put(k, Buffer.from('x'), 'image/jpeg');
      await storageOf('otra-instalacion/').put(key('f'), Buffer.from('x'), 'image/jpeg');

      // Everything was stored just now: within a grace of a minute nothing goes.
      expect(await sweepOrphanObjects(ctx.db, storage, 60_000)).toEqual({
        removed: 0,
        temporary: 0,
        young: 2,
      });
      // Seen from two minutes later, the two orphans go.
      expect(await sweepOrphanObjects(ctx.db, storage, 60_000, Date.now() + 120_000)).toEqual({
        removed: 2,
        temporary: 0,
        young: 0,
      });
      expect(await storage.exists(key('f'))).toBe(false);
      expect(await storage.exists(key('f', 'thumb.webp'))).toBe(false);
      expect(await storage.exists(key('e'))).toBe(true);
      expect(await storage.exists(key('e', 'thumb.webp'))).toBe(true);
      expect(await storage.exists('notas.txt')).toBe(true);
      expect(await storageOf('otra-instalacion/').exists(key('f'))).toBe(true);
    } finally {
      await s3.close();
    }
  });
});
