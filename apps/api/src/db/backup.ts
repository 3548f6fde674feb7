import { createHash } from 'node:crypto';
import { constants, createReadStream, createWriteStream, existsSync, openAsBlob } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import tar from 'tar-stream';
import { openPglite, queryRows } from './client.ts';

/**
 * Backup and restore of the embedded database (`npm run admin -- backup|restore <file>`).
 * The archive is a .tar.gz holding:
 *   manifest.json   format, date, row count per table
 *   pglite.tar      the data directory, closed cleanly, as PGlite's own dump lays it out (loadDataDir)
 *   secret.key      DATA_DIR/secret.key, without which branch connection strings cannot be read
 *   uploads/…       the uploaded images under DATA_DIR/uploads (local storage)
 * The caller holds DATA_DIR's lock: PGlite cannot be opened by two processes at once.
 * The archive is written and read by tar-stream, one entry at a time, never holding an entry
 * larger than ENTRY_LIMITS' small ones in memory (issue 20, item 9): the backup streams the
 * database's files and the uploads from disk (PGlite's dumpDataDir held the data directory in
 * memory several times over: 550 MB for a 44 MB folder, issue 28, item 8). Every entry is 0600.
 */
export const BACKUP_FORMAT = 'panel-backup';
const BACKUP_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  tables: Record<string, number>;
  uploads: number;
  secret_key: boolean;
}

export interface BackupPaths {
  /** DATA_DIR */
  dataDir: string;
  /** DATA_DIR/pglite */
  pgliteDir: string;
  /** DATA_DIR/uploads, or null when images live in S3 (not part of the archive). */
  uploadsDir: string | null;
}

export async function backupPglite(paths: BackupPaths, file: string): Promise<BackupManifest> {
  if (!existsSync(join(paths.pgliteDir, 'PG_VERSION'))) {
    throw new Error(`No hay una base de datos embebida en ${paths.pgliteDir}`);
  }
  const database = await openPglite({ dataDir: paths.pgliteDir });
  const tables: Record<string, number> = {};
  try {
    const names = await queryRows<{ name: string }>(
      database.db,
      sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    for (const { name } of names) {
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql.raw(`SELECT count(*)::int AS n FROM "${name.replace(/"/g, '""')}"`),
      );
      tables[name] = row!.n;
    }
  } finally {
    // A clean shutdown writes everything to disk: the folder is then the database, needing no
    // recovery when it is loaded. The caller's lock keeps anyone from opening it meanwhile.
    await database.close();
  }
  const dump = await dataDirEntries(paths.pgliteDir);

  const uploads = paths.uploadsDir ? await listUploads(paths.uploadsDir) : [];
  const secretPath = join(paths.dataDir, 'secret.key');
  const secret = existsSync(secretPath) ? await readFile(secretPath) : null;
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created_at: new Date().toISOString(),
    tables,
    uploads: uploads.length,
    secret_key: secret !== null,
  };

  // Written aside and renamed at the end: a half-written file never carries the final name. The
  // aside file is created here or not at all (O_EXCL, O_NOFOLLOW, mode 0600): a leftover or a
  // symlink in its place is refused, never written through nor left world-readable.
  const partial = `${file}.partial`;
  await mkdir(dirname(file), { recursive: true });
  const handle = await createExclusive(partial);
  try {
    const pack = tar.pack();
    const written = pipeline(pack, createGzip({ level: 6 }), handle.createWriteStream());
    // Errors surface through `written`; this keeps an early one from being unhandled.
    written.catch(() => {});
    const add = (name: string, data: Buffer) =>
      new Promise<void>((done, fail) => {
        pack.entry({ name, size: data.length, mode: ENTRY_MODE, mtime: new Date() }, data, (error) =>
          error ? fail(error) : done(),
        );
      });
    await add('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await new Promise<void>((done, fail) => {
      const entry = pack.entry(
        { name: 'pglite.tar', size: dump.size, mode: ENTRY_MODE, mtime: new Date() },
        (error) => (error ? fail(error) : done()),
      );
      writeDataDirTar(dump.entries, entry).catch(fail);
    });
    if (secret) await add('secret.key', secret);
    for (const { path, name } of uploads) {
      const { size } = await stat(path);
      // Streamed from disk, so the pictures never sit in memory together.
      await new Promise<void>((done, fail) => {
        const entry = pack.entry({ name, size, mode: ENTRY_MODE, mtime: new Date() }, (error) =>
          error ? fail(error) : done(),
        );
        pipeline(createReadStream(path), entry).catch(fail);
      });
    }
    pack.finalize();
    await written;
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, file);
  return manifest;
}

/** The mode of every entry written into an archive, and of every file a restore writes. */
const ENTRY_MODE = 0o600;

interface DataDirEntry {
  /** Relative to the data directory, with `/`: how PGlite's dumpDataDir names them. */
  name: string;
  path: string;
  type: 'file' | 'directory';
  size: number;
  mtime: Date;
}

/**
 * The data directory's folders and files, and the exact size of the tar writeDataDirTar makes of
 * them: each entry is a 512-byte header and its data padded to 512, and the end is 1024 zero bytes.
 * Names stay within the header's 100 bytes (no extended headers, which PGlite's reader ignores).
 */
async function dataDirEntries(root: string): Promise<{ entries: DataDirEntry[]; size: number }> {
  const found = await readdir(root, { recursive: true, withFileTypes: true });
  const entries: DataDirEntry[] = [];
  let size = 1024;
  for (const e of found) {
    if (!e.isFile() && !e.isDirectory()) continue;
    const path = join(e.parentPath, e.name);
    const name = relative(root, path).split(sep).join('/');
    if (Buffer.byteLength(name) >= 100) {
      throw new Error(`el nombre ${name} de la base de datos es demasiado largo para la copia`);
    }
    const info = await stat(path);
    const type = e.isFile() ? 'file' : 'directory';
    const bytes = type === 'file' ? info.size : 0;
    entries.push({ name, path, type, size: bytes, mtime: info.mtime });
    size += 512 + Math.ceil(bytes / 512) * 512;
  }
  // Folders before what they hold, as a tar is read.
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { entries, size };
}

/** The data directory as a tar, streamed file by file into `out`. */
async function writeDataDirTar(entries: DataDirEntry[], out: NodeJS.WritableStream): Promise<void> {
  const pack = tar.pack();
  const piped = pipeline(pack, out as unknown as NodeJS.WritableStream);
  piped.catch(() => {});
  for (const e of entries) {
    await new Promise<void>((done, fail) => {
      const callback = (error?: Error | null) => (error ? fail(error) : done());
      if (e.type === 'directory') {
        pack.entry({ name: e.name, type: 'directory', mode: 0o700, mtime: e.mtime }, callback);
        return;
      }
      const entry = pack.entry({ name: e.name, size: e.size, mode: ENTRY_MODE, mtime: e.mtime }, callback);
      pipeline(createReadStream(e.path), entry).catch(fail);
    });
  }
  pack.finalize();
  await piped;
}

async function createExclusive(path: string) {
  try {
    return await open(
      path,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ELOOP') {
      throw new Error(
        `ya existe ${path} (de una copia interrumpida, o puesto ahí por otro): no se escribe a través ` +
          'de él; revisalo, borralo y volvé a intentar',
      );
    }
    throw error;
  }
}

/**
 * The most each entry of an archive may hold: refused as soon as its header says more, and
 * streamed to disk (never into memory) when larger than a few kilobytes. Uploads are at most
 * 10 MB when they arrive; the re-encoded ones are kept well under 64 MiB. A PGlite database of
 * several gigabytes is past what the embedded database is for (the README's move to PostgreSQL).
 */
export const ENTRY_LIMITS = {
  manifest: 1024 * 1024,
  secret: 4096,
  upload: 64 * 1024 * 1024,
  dump: 4 * 1024 * 1024 * 1024,
};

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the data that was replaced was moved (kept until the operator removes it). */
  previousDir: string | null;
  /** The uploads restored (an original or a thumbnail each). */
  uploads: number;
  /** Entries under uploads/ that were not restored, each with why (issue 28, item 8). */
  skipped: SkippedUpload[];
}

export interface SkippedUpload {
  name: string;
  reason: string;
}

/** Why an entry under uploads/ is left out of a restore (the CLI prints them). */
export const SKIP_REASONS = {
  name: 'su nombre no es el de un archivo subido (<xx>/<sha256>.<jpg|png|gif|webp|avif>)',
  notImage: (ext: string) => `su contenido no es una imagen .${ext}`,
  hash: 'su contenido no corresponde a su nombre (el SHA-256 no coincide)',
  orphanThumb: 'es la miniatura de una imagen que la copia no trae',
} as const;

/**
 * Unpacks the archive next to the data, proves PGlite opens it, then swaps it in. What was
 * there before is moved to DATA_DIR/pre-restore-<time>/, never deleted.
 */
export async function restorePglite(paths: BackupPaths, file: string): Promise<RestoreResult> {
  if (!existsSync(file)) throw new Error(`No existe el archivo ${file}`);
  const staging = join(paths.dataDir, `.restore-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true, mode: 0o700 });
  try {
    let manifest: BackupManifest | null = null;
    const dumpPath = join(staging, 'pglite.tar');
    let dump = false;
    let secret = false;
    // Entries with an upload's name (what the manifest counts), the originals restored, the thumbnails.
    let uploadEntries = 0;
    const originals = new Set<string>();
    const thumbs: { name: string; target: string; hash: string }[] = [];
    const skipped: SkippedUpload[] = [];
    const seen = new Set<string>();
    const extract = tar.extract();
    const reading = pipeline(createReadStream(file), createGunzip(), extract);
    reading.catch(() => {});
    for await (const entry of extract) {
      const { name, size = 0, type } = entry.header;
      const limit = (max: number) => {
        if (size > max) {
          throw new Error(
            `La copia está dañada: ${name} dice medir ${megabytes(size)}, más que el máximo de ${megabytes(max)}`,
          );
        }
      };
      // Only regular files are read; a link, a folder or a device is skipped, never created.
      if (type !== 'file') {
        entry.resume();
        continue;
      }
      if (seen.has(name)) throw new Error(`La copia está dañada: ${name} aparece dos veces`);
      seen.add(name);
      if (name === 'manifest.json') {
        limit(ENTRY_LIMITS.manifest);
        manifest = parseManifest(await readSmall(entry, ENTRY_LIMITS.manifest));
      } else if (name === 'pglite.tar') {
        limit(ENTRY_LIMITS.dump);
        await writeLimited(entry, dumpPath, ENTRY_LIMITS.dump);
        dump = true;
      } else if (name === 'secret.key') {
        limit(ENTRY_LIMITS.secret);
        await writeLimited(entry, join(staging, 'secret.key'), ENTRY_LIMITS.secret, ENTRY_MODE);
        secret = true;
      } else if (name.startsWith('uploads/') && paths.uploadsDir) {
        // Keys are content addresses under their two-letter folder; nothing else is written.
        const match = UPLOAD_NAME.exec(name);
        if (!match || !match[3]!.startsWith(match[1]!)) {
          skipped.push({ name, reason: SKIP_REASONS.name });
          entry.resume();
          continue;
        }
        uploadEntries++;
        limit(ENTRY_LIMITS.upload);
        const [, folder, key, hash, thumb, ext] = match as unknown as string[];
        const target = join(staging, 'uploads', folder!, key!);
        await mkdir(dirname(target), { recursive: true, mode: 0o700 });
        const read = await writeLimited(entry, target, ENTRY_LIMITS.upload, ENTRY_MODE);
        // Served as what its name says: its bytes must be an image of that type, and an original's
        // name must be its content's hash (a thumbnail is named by its original's, checked below).
        const detected = await fileTypeFromBuffer(read.head);
        const reason =
          !detected || detected.mime !== IMAGE_TYPE_BY_EXTENSION[ext!]
            ? SKIP_REASONS.notImage(ext!)
            : !thumb && read.sha256 !== hash
              ? SKIP_REASONS.hash
              : null;
        if (reason) {
          skipped.push({ name, reason });
          await rm(target, { force: true });
          continue;
        }
        if (thumb) thumbs.push({ name, target, hash: hash! });
        else originals.add(hash!);
      } else {
        entry.resume();
      }
    }
    await reading;
    if (!manifest || !dump) throw new Error('El archivo no es una copia de seguridad de este panel');
    // Complete, or not restored at all: a missing key would leave branch connection strings
    // unreadable, missing pictures would leave posts without images.
    if (manifest.secret_key && !secret) {
      throw new Error('La copia está incompleta: el manifiesto incluye secret.key y el archivo no la trae');
    }
    if (paths.uploadsDir && uploadEntries !== manifest.uploads) {
      throw new Error(
        `La copia está incompleta: el manifiesto dice ${manifest.uploads} archivos subidos y el archivo trae ${uploadEntries}`,
      );
    }
    let restoredUploads = originals.size;
    for (const thumb of thumbs) {
      if (originals.has(thumb.hash)) restoredUploads++;
      else {
        skipped.push({ name: thumb.name, reason: SKIP_REASONS.orphanThumb });
        await rm(thumb.target, { force: true });
      }
    }
    await checkDump(dumpPath);

    // Load and check before anything of the current data is touched.
    const database = await openPglite({
      dataDir: join(staging, 'pglite'),
      loadDataDir: await openAsBlob(dumpPath),
    });
    try {
      for (const [table, expected] of Object.entries(manifest.tables)) {
        const [row] = await queryRows<{ n: number }>(
          database.db,
          sql.raw(`SELECT count(*)::int AS n FROM "${table.replace(/"/g, '""')}"`),
        );
        if (row!.n !== expected) {
          throw new Error(
            `La copia está dañada: ${table} tiene ${row!.n} filas y el manifiesto dice ${expected}`,
          );
        }
      }
      await database.client.exec('CHECKPOINT');
    } finally {
      await database.close();
    }

    const previousDir = join(paths.dataDir, `pre-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    let moved = false;
    const swap = async (current: string, restored: string) => {
      if (existsSync(current)) {
        await mkdir(previousDir, { recursive: true });
        await rename(current, join(previousDir, relative(paths.dataDir, current)));
        moved = true;
      }
      if (existsSync(restored)) {
        await mkdir(dirname(current), { recursive: true });
        await rename(restored, current);
      }
    };
    await swap(paths.pgliteDir, join(staging, 'pglite'));
    if (manifest.secret_key) await swap(join(paths.dataDir, 'secret.key'), join(staging, 'secret.key'));
    // An archive without pictures (a database that had none, or images in S3) leaves the
    // current ones where they are: the start-up sweep removes those no row points to.
    if (paths.uploadsDir && restoredUploads > 0) await swap(paths.uploadsDir, join(staging, 'uploads'));
    return { manifest, previousDir: moved ? previousDir : null, uploads: restoredUploads, skipped };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * An upload's place in the archive: `uploads/<first two hex digits>/<key>`, the key being
 * `<sha256>.<ext>` or `<sha256>.thumb.<ext>` with an image extension, as the local storage writes
 * them. Anything else under the folder (an interrupted `.tmp`, a file put there by hand) is no
 * upload: a backup leaves it out and a restore skips it.
 */
/** The image types the storage keeps, by their key's extension (as services/storage/storage.ts). */
const IMAGE_TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

const UPLOAD_NAME = /^uploads\/([a-f0-9]{2})\/(([a-f0-9]{64})(\.thumb)?\.(jpg|png|gif|webp|avif))$/;

async function listUploads(root: string): Promise<{ path: string; name: string }[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => {
      const path = join(e.parentPath, e.name);
      return { path, name: `uploads/${relative(root, path).split(sep).join('/')}` };
    })
    .filter(({ name }) => {
      const match = UPLOAD_NAME.exec(name);
      return match !== null && match[3]!.startsWith(match[1]!);
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function parseManifest(bytes: Buffer): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as BackupManifest;
  } catch {
    throw new Error('El archivo no es una copia de seguridad de este panel');
  }
  if (manifest?.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
    throw new Error('El archivo no es una copia de seguridad de este panel');
  }
  return manifest;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;

async function readSmall(entry: AsyncIterable<unknown>, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += (chunk as Buffer).length;
    if (size > max) throw new Error(`La copia está dañada: una entrada supera ${megabytes(max)}`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** How many first bytes of an upload are kept to tell its type (file-type reads at most 4100). */
const HEAD_BYTES = 4100;

/**
 * Streams an entry to a new file (mode 0600), refusing more than `max` bytes whatever its header
 * said; gives back its SHA-256 and its first bytes.
 */
async function writeLimited(
  entry: AsyncIterable<unknown>,
  path: string,
  max: number,
  mode = ENTRY_MODE,
): Promise<{ sha256: string; head: Buffer }> {
  let size = 0;
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headSize = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > max)
        return callback(new Error(`La copia está dañada: una entrada supera ${megabytes(max)}`));
      hash.update(chunk);
      if (headSize < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headSize));
        headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
      }
      callback(null, chunk);
    },
  });
  await pipeline(entry, count, createWriteStream(path, { mode, flags: 'wx' }));
  return { sha256: hash.digest('hex'), head: Buffer.concat(head) };
}

/**
 * PGlite reads a dump whole into memory, so before handing it over, the dump must be what it
 * claims: a tar whose entries account for its size, holding PG_VERSION. A few hundred kilobytes
 * of gzip can hold hundreds of megabytes of zeros that would otherwise be loaded.
 */
async function checkDump(path: string): Promise<void> {
  const { size } = await stat(path);
  const extract = tar.extract();
  const reading = pipeline(createReadStream(path), extract);
  reading.catch(() => {});
  let accounted = 0;
  let entries = 0;
  let hasVersion = false;
  for await (const entry of extract) {
    entries++;
    accounted += 512 + Math.ceil((entry.header.size ?? 0) / 512) * 512;
    if (entry.header.name === 'PG_VERSION' || entry.header.name.endsWith('/PG_VERSION')) hasVersion = true;
    entry.resume();
  }
  await reading;
  // Beyond the entries: the end-of-archive blocks, a record's padding, long-name headers.
  const slack = 64 * 1024 + entries * 2048;
  if (!hasVersion || size - accounted > slack) {
    throw new Error('La copia está dañada: pglite.tar no es un volcado de la base de datos');
  }
}
