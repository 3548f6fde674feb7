import { randomFillSync } from 'node:crypto';
import { crc32, createDeflate } from 'node:zlib';
import sharp from 'sharp';
import { bearer } from './factories.ts';
import type { TestContext } from './test-app.ts';

/** Real, small images made on the fly for upload tests. */
export async function makeImage(
  format: 'png' | 'jpeg' | 'gif' | 'webp' | 'avif' = 'png',
  { width = 640, height = 480, color = '#2f9e44' }: { width?: number; height?: number; color?: string } = {},
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#fff"/></svg>`,
        ),
      },
    ])
    .toFormat(format)
    .toBuffer();
}

/**
 * A real PNG bomb: 12 000 × 12 000 grey pixels (144 MP, 144 MB decoded) deflated to a few
 * hundred KB. Built row by row, so making it never holds the decoded image either.
 */
export async function makeDecompressionBomb(side = 12_000): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const row = Buffer.alloc(side + 1); // filter byte 0 + black pixels
  for (let y = 0; y < side; y++) {
    if (!deflate.write(row)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.concat(chunks)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid image that weighs more than 10 MB (random pixels do not compress). */
export async function makeHugeImage(bytes = 11 * 1024 * 1024): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 16;
  const raw = randomFillSync(Buffer.alloc(side * side * 3));
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export interface FormFile {
  field: string;
  name: string;
  type: string;
  bytes: Buffer;
}

/** An SVG sent as the file `name` of `type` (an SVG is not an image the uploads take, whatever it claims). */
export const svgFile = (field: string, name: string, type: string): FormFile => ({
  field,
  name,
  type,
  bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
});

/** A multipart body for app.inject (light-my-request streams a FormData). */
export function formData(fields: Record<string, string>, files: FormFile[] = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return form;
}

/** POST /api/posts as the admin: a post of `content` with `files`, as the panel sends it. */
export const postAsAdmin = (ctx: TestContext, content: string, files: FormFile[]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/posts',
    payload: formData({ content }, files),
    headers: bearer(ctx.admin.token),
  });
