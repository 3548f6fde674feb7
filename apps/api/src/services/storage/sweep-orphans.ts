import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { STORAGE_KEY_PATTERN, type Storage } from './storage.ts';

export interface SweepResult {
  /** Unreferenced stored files removed. */
  removed: number;
  /** Leftover `.tmp` files of interrupted writes removed. */
  temporary: number;
  /** Unreferenced files kept because they are younger than the grace period. */
  young: number;
}

/**
 * Removes uploaded files that no row points to. An upload is stored before its row commits, so a
 * crash between the two (kill -9, power loss) leaves a file without a row; so does a crash right
 * after a delete committed and before its files were removed. Run at start-up, before the server
 * listens. Files younger than `graceMs` are kept: another instance sharing the folder may be
 * between storing a file and committing its row.
 */
export async function sweepOrphanUploads(
  db: Db,
  root: string,
  graceMs: number,
  now = Date.now(),
): Promise<SweepResult> {
  const result: SweepResult = { removed: 0, temporary: 0, young: 0 };
  let entries: { dir: string; name: string }[];
  try {
    const found = await readdir(root, { recursive: true, withFileTypes: true });
    entries = found.filter((e) => e.isFile()).map((e) => ({ dir: e.parentPath, name: e.name }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return result;
    throw error;
  }
  if (entries.length === 0) return result;
  const referenced = await referencedKeys(db);
  for (const { dir, name } of entries) {
    const isTemp = name.endsWith('.tmp');
    if (!isTemp && (!STORAGE_KEY_PATTERN.test(name) || referenced.has(name))) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info) continue;
    if (now - info.mtimeMs < graceMs) {
      result.young++;
      continue;
    }
    await rm(path, { force: true });
    if (isTemp) result.temporary++;
    else result.removed++;
  }
  return result;
}

/** Every key a post image or a story points to. */
async function referencedKeys(db: Db): Promise<Set<string | null>> {
  return new Set(
    (
      await queryRows<{ key: string | null }>(
        db,
        sql`SELECT storage_key AS key FROM post_images UNION SELECT thumb_key FROM post_images
            UNION SELECT image_key FROM stories UNION SELECT thumb_key FROM stories`,
      )
    ).map((r) => r.key),
  );
}

/**
 * The same sweep for a bucket (STORAGE_DRIVER=s3): objects under the prefix that no row points to
 * and older than `graceMs` are deleted. An upload whose transaction failed deletes its own files,
 * but not while the store is down (an outage between two PUTs of one post); this removes those at
 * the next start. Keys the server does not make are left alone.
 */
export async function sweepOrphanObjects(
  db: Db,
  storage: Storage,
  graceMs: number,
  now = Date.now(),
): Promise<SweepResult> {
  const result: SweepResult = { removed: 0, temporary: 0, young: 0 };
  if (!storage.list) return result;
  const candidates: { key: string; modifiedMs: number }[] = [];
  for await (const object of storage.list()) {
    if (STORAGE_KEY_PATTERN.test(object.key)) candidates.push(object);
  }
  if (candidates.length === 0) return result;
  const referenced = await referencedKeys(db);
  for (const { key, modifiedMs } of candidates) {
    if (referenced.has(key)) continue;
    if (!(now - modifiedMs >= graceMs)) {
      result.young++;
      continue;
    }
    await storage.delete(key);
    result.removed++;
  }
  return result;
}
