import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A minimal gzip'd ustar archive of regular files, streamed one entry at a time, so a backup
 * (lib's only user) can be read back with `tar -xzf` as well. Names are at most 100 bytes.
 */
export interface TarEntry {
  name: string;
  data: Buffer;
}

const BLOCK = 512;

function header(name: string, size: number, mode: number, mtime: Date): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100) throw new Error(`Nombre demasiado largo para el archivo: ${name}`);
  const h = Buffer.alloc(BLOCK);
  nameBytes.copy(h, 0);
  const octal = (value: number, width: number, offset: number) =>
    h.write(`${value.toString(8).padStart(width - 1, '0')}\0`, offset, 'ascii');
  octal(mode, 8, 100);
  octal(0, 8, 108);
  octal(0, 8, 116);
  octal(size, 12, 124);
  octal(Math.floor(mtime.getTime() / 1000), 12, 136);
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

export interface TarGzWriter {
  add(name: string, data: Buffer, mode?: number): Promise<void>;
  /** Writes the end-of-archive blocks and waits until the file is flushed. */
  finish(): Promise<void>;
}

export function createTarGzWriter(path: string): TarGzWriter {
  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(path, { mode: 0o600 });
  gzip.pipe(out);
  const done = finished(out);
  // Errors surface through `done`; this keeps an early one from being unhandled.
  done.catch(() => {});
  const write = async (chunk: Buffer) => {
    if (!gzip.write(chunk)) await once(gzip, 'drain');
  };
  return {
    async add(name, data, mode = 0o644) {
      await write(header(name, data.length, mode, new Date()));
      await write(data);
      const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
      if (pad) await write(Buffer.alloc(pad));
    },
    async finish() {
      await write(Buffer.alloc(BLOCK * 2));
      gzip.end();
      await done;
    },
  };
}

/** The regular files of a .tar.gz, in order; one entry is held in memory at a time. */
export async function* readTarGz(path: string): AsyncGenerator<TarEntry> {
  const source = createReadStream(path).pipe(createGunzip());
  const chunks = source[Symbol.asyncIterator]();
  let buffered: Buffer = Buffer.alloc(0);
  const take = async (n: number): Promise<Buffer> => {
    const parts: Buffer[] = [];
    let have = 0;
    while (have < n) {
      if (buffered.length === 0) {
        const next = await chunks.next();
        if (next.done) throw new Error('El archivo está incompleto (termina antes de tiempo)');
        buffered = next.value as Buffer;
      }
      const k = Math.min(n - have, buffered.length);
      parts.push(buffered.subarray(0, k));
      buffered = buffered.subarray(k);
      have += k;
    }
    return Buffer.concat(parts, n);
  };
  const field = (h: Buffer, start: number, length: number) =>
    h
      .subarray(start, start + length)
      .toString('utf8')
      .replace(/\0.*$/s, '');
  try {
    for (;;) {
      const h = await take(BLOCK);
      if (h.every((b) => b === 0)) return;
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
      if (sum !== Number.parseInt(field(h, 148, 8).trim(), 8)) {
        throw new Error('El archivo no es un tar válido (suma de control incorrecta)');
      }
      const prefix = field(h, 345, 155);
      const name = prefix ? `${prefix}/${field(h, 0, 100)}` : field(h, 0, 100);
      const size = Number.parseInt(field(h, 124, 12).trim() || '0', 8);
      const type = field(h, 156, 1);
      const data = await take(size);
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if (pad) await take(pad);
      if (type === '' || type === '0') yield { name, data };
    }
  } finally {
    source.destroy();
  }
}
