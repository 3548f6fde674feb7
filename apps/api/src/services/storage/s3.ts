import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { StorageConfig } from '../../config.ts';
import type { Storage, StoredFile } from './storage.ts';

/** STORAGE_DRIVER=s3 and its S3_* settings (config.ts). */
export type S3Options = Omit<Extract<StorageConfig, { driver: 's3' }>, 'driver'>;

/** Any S3-compatible store, through signed (SigV4) HTTP calls. */
export function createS3Storage(options: S3Options): Storage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
  });
  const endpoint = (options.endpoint ?? `https://s3.${options.region}.amazonaws.com`).replace(/\/+$/, '');
  const urlOf = (key: string) => {
    const objectKey = encodeURIComponent(`${options.prefix}${key}`).replace(/%2F/g, '/');
    if (options.forcePathStyle) return `${endpoint}/${options.bucket}/${objectKey}`;
    const url = new URL(endpoint);
    url.hostname = `${options.bucket}.${url.hostname}`;
    return `${url.origin}/${objectKey}`;
  };
  const fail = async (action: string, key: string, res: Response): Promise<never> => {
    const text = await res.text().catch(() => '');
    throw new Error(`S3 ${action} ${key}: HTTP ${res.status} ${text.slice(0, 200)}`);
  };
  return {
    driver: 's3',
    async put(key, body, contentType) {
      const res = await client.fetch(urlOf(key), {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: {
          'content-type': contentType,
          'cache-control': 'public, max-age=31536000, immutable',
        },
      });
      if (!res.ok) await fail('PUT', key, res);
      await res.arrayBuffer();
    },
    async get(key): Promise<StoredFile | null> {
      const res = await client.fetch(urlOf(key), { method: 'GET' });
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok || !res.body) return fail('GET', key, res);
      const length = Number(res.headers.get('content-length'));
      return {
        body: Readable.fromWeb(res.body as unknown as WebReadableStream),
        size: Number.isFinite(length) && length > 0 ? length : null,
      };
    },
    async delete(key) {
      const res = await client.fetch(urlOf(key), { method: 'DELETE' });
      if (!res.ok && res.status !== 404) await fail('DELETE', key, res);
      await res.arrayBuffer();
    },
    async exists(key) {
      const res = await client.fetch(urlOf(key), { method: 'HEAD' });
      if (res.status === 404) return false;
      if (!res.ok) return fail('HEAD', key, res);
      return true;
    },
  };
}
