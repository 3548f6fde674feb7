import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** How many leading bytes are kept for detecting the type (file-type reads at most 4100). */
export const SNIFF_BYTES = 4100;

/**
 * A file of a multipart body, already streamed to a temporary file (never held in memory).
 * The temporary file is removed when the response has been sent.
 */
export interface UploadedFile {
  readonly kind: 'uploaded-file';
  field: string;
  filename: string;
  /** Temporary path; read it, never keep it. */
  path: string;
  size: number;
  /** SHA-256 of the bytes, hex: the content address of the stored original. */
  sha256: string;
  /** The first bytes, for detecting the type from the content. */
  head: Buffer;
  /** Busboy cut the file at the size limit. */
  truncated: boolean;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && (value as UploadedFile).kind === 'uploaded-file';
}

/** A form field that may hold no file, one file, or several (`images[]` repeated). */
export function uploadedFiles(value: unknown): UploadedFile[] {
  if (Array.isArray(value)) return value.filter(isUploadedFile);
  return isUploadedFile(value) ? [value] : [];
}

/**
 * Streams one multipart file to a temporary file, hashing it and keeping its first bytes
 * on the way. Memory stays bounded whatever the size; busboy enforces the size limit.
 */
export async function streamToTempFile(
  stream: NodeJS.ReadableStream & { truncated?: boolean },
  field: string,
  filename: string,
): Promise<UploadedFile> {
  const path = join(tmpdir(), `panel-upload-${randomBytes(12).toString('hex')}`);
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      if (headLength < SNIFF_BYTES) {
        const slice = chunk.subarray(0, SNIFF_BYTES - headLength);
        headChunks.push(Buffer.from(slice));
        headLength += slice.length;
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(stream, tap, createWriteStream(path, { mode: 0o600 }));
  } catch (error) {
    await removeTempFile(path);
    throw error;
  }
  return {
    kind: 'uploaded-file',
    field,
    filename,
    path,
    size,
    sha256: hash.digest('hex'),
    head: Buffer.concat(headChunks),
    truncated: Boolean(stream.truncated),
  };
}

export async function removeTempFile(path: string): Promise<void> {
  await rm(path, { force: true });
}
