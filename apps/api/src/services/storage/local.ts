import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Storage, StoredFile } from './storage.ts';

/** Files under `DATA_DIR/uploads/<first two hex digits>/<key>`. */
export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => join(root, key.slice(0, 2), key);
  return {
    driver: 'local',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(join(root, key.slice(0, 2)), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, body, { mode: 0o644 });
      await rename(temp, path);
    },
    async get(key): Promise<StoredFile | null> {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        return { body: createReadStream(path), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      try {
        await stat(pathOf(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}
