import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server.ts';
import { createS3Storage } from './s3.ts';

let server: TestS3Server;
beforeAll(async () => {
  server = await startTestS3Server();
});
afterAll(() => server?.close());

const storageWith = (overrides: Partial<Parameters<typeof createS3Storage>[0]> = {}) =>
  createS3Storage({
    bucket: server.bucket,
    region: 'us-east-1',
    endpoint: server.endpoint,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    forcePathStyle: true,
    prefix: 'panel/',
    ...overrides,
  });

const key = `${'c'.repeat(64)}.png`;

describe('the s3 storage driver, against an S3-protocol server', () => {
  it('puts, reads back, checks and deletes an object', async () => {
    const storage = storageWith();
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();

    await storage.put(key, Buffer.from('contenido de prueba'), 'image/png');
    expect(await storage.exists(key)).toBe(true);
    const file = await storage.get(key);
    expect(file?.size).toBe(19);
    expect(await text(file!.body)).toBe('contenido de prueba');

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.delete(key); // a missing key is not an error
  });

  it('keeps prefixes apart', async () => {
    await storageWith({ prefix: 'a/' }).put(key, Buffer.from('a'), 'image/png');
    expect(await storageWith({ prefix: 'b/' }).exists(key)).toBe(false);
    expect(await storageWith({ prefix: 'a/' }).exists(key)).toBe(true);
  });

  it('fails loudly with unknown credentials', async () => {
    const wrong = storageWith({ accessKeyId: 'NADIE', secretAccessKey: 'otra-clave' });
    await expect(wrong.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/HTTP 403/);
  });
});
