import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { sql } from 'drizzle-orm';
import { createTarGzWriter, readTarGz } from '../lib/tar.ts';
import { openPglite, queryRows } from './client.ts';

/**
 * Backup and restore of the embedded database (`npm run admin -- backup|restore <file>`).
 * The archive is a .tar.gz holding:
 *   manifest.json   format, date, row count per table
 *   pglite.tar      PGlite's own dump of its data directory (dumpDataDir)
 *   secret.key      DATA_DIR/secret.key, without which branch connection strings cannot be read
 *   uploads/…       the uploaded images under DATA_DIR/uploads (local storage)
 * The caller holds DATA_DIR's lock: PGlite cannot be opened by two processes at once.
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
  let dump: Blob;
  const tables: Record<string, number> = {};
  try {
    // Everything on disk first, so the dump needs no recovery when it is loaded.
    await database.client.exec('CHECKPOINT');
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
    dump = await database.client.dumpDataDir('none');
  } finally {
    await database.close();
  }

  const uploads = paths.uploadsDir ? await listFiles(paths.uploadsDir) : [];
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

  // Written aside and renamed at the end: a half-written file never carries the final name.
  const partial = `${file}.partial`;
  await mkdir(dirname(file), { recursive: true });
  const tar = createTarGzWriter(partial);
  try {
    await tar.add('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await tar.add('pglite.tar', Buffer.from(await dump.arrayBuffer()));
    if (secret) await tar.add('secret.key', secret, 0o600);
    for (const path of uploads) {
      const name = `uploads/${relative(paths.uploadsDir!, path).split(sep).join('/')}`;
      await tar.add(name, await readFile(path));
    }
    await tar.finish();
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, file);
  return manifest;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the data that was replaced was moved (kept until the operator removes it). */
  previousDir: string | null;
}

/**
 * Unpacks the archive next to the data, proves PGlite opens it, then swaps it in. What was
 * there before is moved to DATA_DIR/pre-restore-<time>/, never deleted.
 */
export async function restorePglite(paths: BackupPaths, file: string): Promise<RestoreResult> {
  if (!existsSync(file)) throw new Error(`No existe el archivo ${file}`);
  const staging = join(paths.dataDir, `.restore-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    let manifest: BackupManifest | null = null;
    let dump: Buffer | null = null;
    let hasUploads = false;
    for await (const entry of readTarGz(file)) {
      if (entry.name === 'manifest.json') {
        manifest = JSON.parse(entry.data.toString('utf8')) as BackupManifest;
        if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
          throw new Error('El archivo no es una copia de seguridad de este panel');
        }
      } else if (entry.name === 'pglite.tar') {
        dump = entry.data;
      } else if (entry.name === 'secret.key') {
        await writeFile(join(staging, 'secret.key'), entry.data, { mode: 0o600 });
      } else if (entry.name.startsWith('uploads/') && paths.uploadsDir) {
        const rest = entry.name.slice('uploads/'.length);
        // Keys are content addresses under a two-letter folder; nothing else is written.
        if (!/^[a-f0-9]{2}\/[a-f0-9]{64}(\.thumb)?\.[a-z]+$/.test(rest)) continue;
        const target = join(staging, 'uploads', ...rest.split('/'));
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, entry.data);
        hasUploads = true;
      }
    }
    if (!manifest || !dump) throw new Error('El archivo no es una copia de seguridad de este panel');

    // Load and check before anything of the current data is touched.
    const database = await openPglite({
      dataDir: join(staging, 'pglite'),
      loadDataDir: new Blob([new Uint8Array(dump)]),
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
    if (paths.uploadsDir && (hasUploads || existsSync(paths.uploadsDir))) {
      await swap(paths.uploadsDir, join(staging, 'uploads'));
    }
    return { manifest, previousDir: moved ? previousDir : null };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function listFiles(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}
