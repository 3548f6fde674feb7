import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { IMAGE_MAX_PIXELS, IMAGE_MIME_TYPES, MEDIA_MSG } from '@panel/shared';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { HttpError } from '../../lib/http-errors.ts';
import type { Storage } from './storage.ts';
import type { UploadedFile } from './uploads.ts';

export type ImageMime = (typeof IMAGE_MIME_TYPES)[number];

export const EXTENSION_BY_MIME: Record<ImageMime, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

/** Thumbnails for list previews: WebP, fitting in 320 × 320. */
export const THUMB_SIZE = 320;

// One decode at a time per core is plenty for a back-office; keeps memory predictable.
sharp.concurrency(1);
sharp.cache(false);

export interface ProcessedImage {
  /** `<sha256>.<ext>` of the stored bytes (the original without its metadata). */
  key: string;
  /** `<sha256>.thumb.webp`. */
  thumbKey: string;
  mime: ImageMime;
  size: number;
  width: number;
  height: number;
  thumb: Buffer;
  /** The temporary file holding the stored bytes (the upload, rewritten without its metadata). */
  path: string;
}

const refuse = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });

/** The type from the bytes themselves (never the name or the declared type): raster images only. */
export async function detectImageType(head: Uint8Array): Promise<ImageMime | null> {
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return null;
  return (IMAGE_MIME_TYPES as readonly string[]).includes(detected.mime)
    ? (detected.mime as ImageMime)
    : null;
}

/**
 * Checks one upload, removes its metadata and makes its thumbnail: the type is detected from the
 * bytes, the header's pixel count is checked before decoding (decompression bombs), and the whole
 * image is decoded (a broken or truncated file is refused). What is stored is not the upload:
 * it is the decoded picture turned upright by its EXIF orientation and encoded again in its own
 * format without any metadata (no EXIF, GPS, XMP, IPTC, comments, nor bytes after the image),
 * because a phone's photo carries where it was taken (issue 20, item 4). The content address is
 * the SHA-256 of those stored bytes, so the same photo uploaded twice is still one file.
 */
export async function processImage(upload: UploadedFile, field: string): Promise<ProcessedImage> {
  const mime = await detectImageType(upload.head);
  if (!mime) throw refuse(field, MEDIA_MSG.notAnImage);

  const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' as const, animated: false };
  let pages: number;
  let palette: boolean;
  try {
    const meta = await sharp(upload.path, options).metadata();
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (width * height > IMAGE_MAX_PIXELS) throw refuse(field, MEDIA_MSG.imageTooManyPixels);
    if (width === 0 || height === 0) throw refuse(field, MEDIA_MSG.brokenImage);
    pages = meta.pages ?? 1;
    palette = meta.isPalette;
  } catch (error) {
    throw refusal(error, field);
  }

  // An animation keeps its frames (and then has no orientation to apply); the pixel limit
  // counts every frame, which is what decoding them costs.
  const animated = pages > 1 && (mime === 'image/gif' || mime === 'image/webp');
  let stored: Buffer;
  let thumb: Buffer;
  let width: number;
  let height: number;
  try {
    const decoded = sharp(upload.path, { ...options, animated });
    stored = await encodeWithoutMetadata(animated ? decoded : decoded.rotate(), mime, palette);
    const meta = await sharp(stored, { ...options, animated }).metadata();
    width = meta.width ?? 0;
    height = meta.pageHeight ?? meta.height ?? 0;
    thumb = await sharp(stored, options)
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
  } catch (error) {
    throw refusal(error, field);
  }
  // The upload's temporary file now holds what is stored (it is removed after the answer).
  await writeFile(upload.path, stored);
  const sha256 = createHash('sha256').update(stored).digest('hex');
  return {
    key: `${sha256}.${EXTENSION_BY_MIME[mime]}`,
    thumbKey: `${sha256}.thumb.webp`,
    mime,
    size: stored.length,
    width,
    height,
    thumb,
    path: upload.path,
  };
}

function refusal(error: unknown, field: string): HttpError {
  if (error instanceof HttpError) return error;
  if (/pixel limit/i.test((error as Error).message)) return refuse(field, MEDIA_MSG.imageTooManyPixels);
  return refuse(field, MEDIA_MSG.brokenImage);
}

/**
 * The same format again, with sharp's default of keeping no metadata (never `withMetadata`,
 * `keepExif` or `keepIccProfile`: colours are converted to sRGB instead). JPEG at quality 90 and
 * WebP at 90 keep what a phone's photo shows; PNG and GIF stay lossless and paletted ones stay
 * paletted; AVIF at the lowest effort, whose encoder is otherwise several seconds a photo on
 * this machine (decision record 2026-11-27-upload-metadata.md).
 */
function encodeWithoutMetadata(image: Sharp, mime: ImageMime, palette: boolean): Promise<Buffer> {
  switch (mime) {
    case 'image/jpeg':
      return image.jpeg({ quality: 90 }).toBuffer();
    case 'image/png':
      return image.png({ palette }).toBuffer();
    case 'image/gif':
      return image.gif().toBuffer();
    case 'image/webp':
      return image.webp({ quality: 90 }).toBuffer();
    case 'image/avif':
      return image.avif({ effort: 0 }).toBuffer();
  }
}

/** Stores an original and its thumbnail (idempotent: the keys are content addresses). */
export async function storeImage(storage: Storage, image: ProcessedImage): Promise<void> {
  await storage.put(image.key, await readFile(image.path), image.mime);
  await storage.put(image.thumbKey, image.thumb, 'image/webp');
}
