/**
 * Photos are made smaller in the browser before they travel: a phone's 12-megapixel photo (4–8 MB)
 * becomes a JPEG of at most 1600 px on its long edge (a few hundred KB), which uploads in seconds on
 * a mobile network and stays well under the server's 10 MB limit.
 */
export const RESIZE_MAX_EDGE = 1600;
export const RESIZE_QUALITY = 0.85;
/** A photo already this small (both edges and bytes) is sent as it is. */
const KEEP_BYTES = 600 * 1024;

/** The size that fits in a `max`×`max` box, keeping the aspect ratio and never enlarging. */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  if (width <= 0 || height <= 0) throw new Error('La imagen no tiene tamaño');
  const scale = Math.min(1, max / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** `foto.HEIC` → `foto.jpg`. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '') || 'foto';
  return `${base}.jpg`;
}

/** Whether a file can be sent without redrawing it. */
export function canSendAsIs(
  file: { type: string; size: number },
  width: number,
  height: number,
  max: number,
) {
  return (
    (file.type === 'image/jpeg' || file.type === 'image/webp') &&
    file.size <= KEEP_BYTES &&
    Math.max(width, height) <= max
  );
}

export interface ResizeOptions {
  maxEdge?: number;
  quality?: number;
}

async function encode(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('Sin lienzo 2D');
    ctx.fillStyle = '#fff'; // a transparent PNG gets white, not black, behind it as a JPEG
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Sin lienzo 2D');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('No se pudo codificar'))),
      'image/jpeg',
      quality,
    ),
  );
}

/**
 * The photo as a JPEG of at most `maxEdge` px (upright: the camera's EXIF rotation is applied).
 * A file the browser cannot decode is returned as it is, so the server gives its own message.
 */
export async function resizeImage(file: File, options: ResizeOptions = {}): Promise<File> {
  const maxEdge = options.maxEdge ?? RESIZE_MAX_EDGE;
  const quality = options.quality ?? RESIZE_QUALITY;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    if (canSendAsIs(file, bitmap.width, bitmap.height, maxEdge)) return file;
    const { width, height } = fitWithin(bitmap.width, bitmap.height, maxEdge);
    const blob = await encode(bitmap, width, height, quality);
    // Redrawing a small, well-compressed photo can make it bigger: keep whichever is smaller.
    if (blob.size >= file.size && Math.max(bitmap.width, bitmap.height) <= maxEdge) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
