import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (docs/product.md#platform). Keys are content addresses made by the server
 * (`<sha256>.<ext>`, `<sha256>.thumb.webp`), so writing a key twice writes the same bytes.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when the key does not exist. */
  get(key: string): Promise<StoredFile | null>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Every stored key with its last change, for the orphan sweep of a bucket (sweepOrphanObjects).
   * The local driver has none: its sweep reads the folder (sweepOrphanUploads).
   */
  list?(): AsyncIterable<{ key: string; modifiedMs: number }>;
}

export interface StoredFile {
  body: Readable;
  size: number | null;
}

/** The keys the server makes; anything else is refused before it reaches a driver. */
export const STORAGE_KEY_PATTERN = /^[a-f0-9]{64}(\.thumb)?\.(jpg|png|gif|webp|avif)$/;

export const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** The media types /api/files serves (and the OpenAPI document states). */
export const IMAGE_MEDIA = Object.values(CONTENT_TYPE_BY_EXTENSION);

export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return CONTENT_TYPE_BY_EXTENSION[ext] ?? 'application/octet-stream';
}
