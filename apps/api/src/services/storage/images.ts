import { readFile } from 'node:fs/promises';
import { IMAGE_MAX_PIXELS, IMAGE_MIME_TYPES, MEDIA_MSG } from '@panel/shared';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
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
  /** `<sha256>.<ext>` of the original bytes. */
  key: string;
  /** `<sha256>.thumb.webp`. */
  thumbKey: string;
  mime: ImageMime;
  size: number;
  width: number;
  height: number;
  thumb: Buffer;
  /** The temporary file holding the original. */
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
 * Checks one upload and makes its thumbnail: the type is detected from the bytes, the
 * header's pixel count is checked before decoding (decompression bombs), and the whole
 * image is decoded (a broken or truncated file is refused).
 */
export async function processImage(upload: UploadedFile, field: string): Promise<ProcessedImage> {
  const mime = await detectImageType(upload.head);
  if (!mime) throw refuse(field, MEDIA_MSG.notAnImage);

  const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' as const, animated: false };
  let width: number;
  let height: number;
  try {
    const meta = await sharp(upload.path, options).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw refuse(field, MEDIA_MSG.imageTooManyPixels);
    throw refuse(field, MEDIA_MSG.brokenImage);
  }
  if (width * height > IMAGE_MAX_PIXELS) throw refuse(field, MEDIA_MSG.imageTooManyPixels);
  if (width === 0 || height === 0) throw refuse(field, MEDIA_MSG.brokenImage);

  let thumb: Buffer;
  try {
    thumb = await sharp(upload.path, options)
      .rotate()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw refuse(field, MEDIA_MSG.imageTooManyPixels);
    throw refuse(field, MEDIA_MSG.brokenImage);
  }
  return {
    key: `${upload.sha256}.${EXTENSION_BY_MIME[mime]}`,
    thumbKey: `${upload.sha256}.thumb.webp`,
    mime,
    size: upload.size,
    width,
    height,
    thumb,
    path: upload.path,
  };
}

/** Stores an original and its thumbnail (idempotent: the keys are content addresses). */
export async function storeImage(storage: Storage, image: ProcessedImage): Promise<void> {
  await storage.put(image.key, await readFile(image.path), image.mime);
  await storage.put(image.thumbKey, image.thumb, 'image/webp');
}
