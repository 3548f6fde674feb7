import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, SERVER_MSG } from '../../lib/http-errors.ts';
import { freePort } from '../../testing/free-port.ts';
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server.ts';
import { createS3Storage } from './s3.ts';

let server: TestS3Server;
beforeAll(async () => {
  server = await startTestS3Server();
});
afterAll(() => server?.close());

const storageWith = (
  overrides: Partial<Parameters<typeof createS3Storage>[0]> = {},
  timing?: Parameters<typeof createS3Storage>[1],
) =>
  createS3Storage(
    {
      bucket: server.bucket,
      region: 'us-east-1',
      endpoint: server.endpoint,
      accessKeyId: server.accessKeyId,
      secretAccessKey: server.secretAccessKey,
      forcePathStyle: true,
      prefix: 'panel/',
      ...overrides,
    },
    timing,
  );

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

describe('the s3 driver when the store is down or answers 5xx', () => {
  it('lists what it stored under its prefix, with the time of each', async () => {
    const storage = storageWith({ prefix: 'lista/' });
    const other = `${'d'.repeat(64)}.thumb.webp`;
    const before = Date.now() - 2000;
    await storage.put(key, Buffer.from('a'), 'image/png');
    await storage.put(other, Buffer.from('b'), 'image/webp');
    await storageWith({ prefix: 'otra/' }).put(key, Buffer.from('c'), 'image/png');
    const listed = [];
    for await (const object of storage.list!()) listed.push(object);
    expect(listed.map((o) => o.key).sort()).toEqual([other, key].sort());
    for (const o of listed) expect(o.modifiedMs).toBeGreaterThan(before);
  });

  it('answers a refused connection with a Spanish 503 at once, on save and on read', async () => {
    const down = storageWith({ endpoint: `http://127.0.0.1:${await freePort()}` });
    const started = Date.now();
    const error = await down.put(key, Buffer.from('x'), 'image/png').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 503, message: SERVER_MSG.storageUnavailableOnSave });
    expect((error as HttpError).headers).toEqual({ 'retry-after': '30' });
    await expect(down.get(key)).rejects.toMatchObject({
      statusCode: 503,
      message: SERVER_MSG.storageUnavailable,
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('gives a store answering 500 two quick retries, then the 503', async () => {
    let calls = 0;
    const failing = createServer((_req, res) => {
      calls++;
      res.writeHead(500).end('<Error><Code>InternalError</Code></Error>');
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const { port } = failing.address() as AddressInfo;
    try {
      await expect(
        storageWith({ endpoint: `http://127.0.0.1:${port}` }).put(key, Buffer.from('x'), 'image/png'),
      ).rejects.toMatchObject({ statusCode: 503 });
      expect(calls).toBe(3);
    } finally {
      failing.close();
    }
  });

  it('gives up on a store that accepts the connection and never answers: a 503 naming the call', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const error = await storageWith({ endpoint: `http://127.0.0.1:${port}` }, { callTimeoutMs: 300 })
        .exists(key)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ statusCode: 503, message: SERVER_MSG.storageUnavailable });
      expect(String((error as Error).cause)).toMatch(
        new RegExp(`S3 HEAD http://127\\.0\\.0\\.1:${port}/panel-test/panel/c+\\.png: TimeoutError`),
      );
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
