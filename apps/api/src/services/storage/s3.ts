import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { StorageConfig } from '../../config.ts';
import { HttpError, SERVER_MSG } from '../../lib/http-errors.ts';
import type { Storage, StoredFile } from './storage.ts';

/** STORAGE_DRIVER=s3 and its S3_* settings (config.ts). */
export type S3Options = Omit<Extract<StorageConfig, { driver: 's3' }>, 'driver'>;

/**
 * How long one call to the store may take (a 10 MB original included) before the request gets a 503
 * instead of waiting on a store that accepted the connection and stopped answering.
 */
const S3_CALL_TIMEOUT_MS = 30_000;

/** The store cannot be reached or answers 5xx: a Spanish 503 with Retry-After (docs/reliability.md). */
export const storageUnavailable = (method: string | undefined, cause: unknown) =>
  Object.assign(
    new HttpError(
      503,
      method === 'PUT' ? SERVER_MSG.storageUnavailableOnSave : SERVER_MSG.storageUnavailable,
      undefined,
      { 'retry-after': '30' },
    ),
    { cause },
  );

/** Any S3-compatible store, through signed (SigV4) HTTP calls. `callTimeoutMs` is for tests. */
export function createS3Storage(
  options: S3Options,
  { callTimeoutMs = S3_CALL_TIMEOUT_MS }: { callTimeoutMs?: number } = {},
): Storage {
  const aws = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    // aws4fetch retries a 5xx up to 10 times with doubling waits (about 25 s on average); a refused
    // connection it does not retry. Two quick retries, then the request gets its 503.
    retries: 2,
  });
  const client = {
    async fetch(url: string, init: RequestInit): Promise<Response> {
      let res: Response;
      try {
        res = await aws.fetch(url, { ...init, signal: AbortSignal.timeout(callTimeoutMs) });
      } catch (error) {
        // The log names the call that failed (a timeout's own message names none).
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        throw storageUnavailable(
          init.method,
          new Error(`S3 ${init.method} ${url}: ${reason}`, { cause: error }),
        );
      }
      if (res.status >= 500) {
        const text = await res.text().catch(() => '');
        throw storageUnavailable(
          init.method,
          new Error(`S3 ${init.method} ${url}: HTTP ${res.status} ${text.slice(0, 200)}`),
        );
      }
      return res;
    },
  };
  const endpoint = (options.endpoint ?? `https://s3.${options.region}.amazonaws.com`).replace(/\/+$/, '');
  const urlOf = (key: string) => {
    const objectKey = encodeURIComponent(`${options.prefix}${key}`).replace(/%2F/g, '/');
    if (options.forcePathStyle) return `${endpoint}/${options.bucket}/${objectKey}`;
    const url = new URL(endpoint);
    url.hostname = `${options.bucket}.${url.hostname}`;
    return `${url.origin}/${objectKey}`;
  };
  const bucketUrl = () => {
    if (options.forcePathStyle) return `${endpoint}/${options.bucket}`;
    const url = new URL(endpoint);
    url.hostname = `${options.bucket}.${url.hostname}`;
    return `${url.origin}/`;
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
    async *list() {
      // ListObjectsV2 under the prefix, 1 000 keys a page.
      const base = bucketUrl();
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ 'list-type': '2', prefix: options.prefix });
        if (token) query.set('continuation-token', token);
        const res = await client.fetch(`${base}?${query}`, { method: 'GET' });
        if (!res.ok) await fail('LIST', options.prefix, res);
        const xml = await res.text();
        for (const [, item] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = unescapeXml(/<Key>([\s\S]*?)<\/Key>/.exec(item!)?.[1] ?? '');
          const modified = Date.parse(/<LastModified>([^<]*)<\/LastModified>/.exec(item!)?.[1] ?? '');
          if (key.startsWith(options.prefix))
            yield { key: key.slice(options.prefix.length), modifiedMs: modified };
        }
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? unescapeXml(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '')
          : undefined;
      } while (token);
    },
    async exists(key) {
      const res = await client.fetch(urlOf(key), { method: 'HEAD' });
      if (res.status === 404) return false;
      if (!res.ok) return fail('HEAD', key, res);
      return true;
    },
  };
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
