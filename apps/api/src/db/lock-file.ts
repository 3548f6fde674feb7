import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite has no lock of its own and two processes on one data directory corrupt it
 * (docs/product.md#platform), so the process that opens it holds DATA_DIR/panel.lock with its PID.
 */
export class LockHeldError extends Error {
  constructor(
    readonly pid: number,
    readonly lockPath: string,
  ) {
    super(
      `La base de datos embebida en ${lockPath.replace(/[/\\]panel\.lock$/, '')} ya está en uso por el ` +
        `proceso ${pid} (¿el servidor está corriendo?). Detenelo antes de continuar. ` +
        `Si ese proceso no es este servidor, borrá ${lockPath}. / ` +
        `The embedded database is already in use by process ${pid}; stop it first.`,
    );
    this.name = 'LockHeldError';
  }
}

export interface LockHandle {
  path: string;
  /** Removes the lock if it is still ours. Safe to call more than once. */
  release(): void;
}

export function acquireLock(dataDir: string, pid = process.pid): LockHandle {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'panel.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      writeSync(fd, `${pid}\n`);
      closeSync(fd);
      return makeHandle(path, pid);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(path);
    if (holder !== null && holder !== pid && isAlive(holder)) throw new LockHeldError(holder, path);
    // Stale (dead holder, unreadable content) or our own. Move it aside atomically, then check
    // that what we moved is the stale lock and not one another process has just taken.
    const aside = `${path}.stale-${pid}`;
    try {
      renameSync(path, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = readHolder(aside);
    if (moved !== null && moved !== holder && moved !== pid && isAlive(moved)) {
      try {
        linkSync(aside, path);
      } catch {
        // Someone holds it again already.
      }
      unlinkSync(aside);
      throw new LockHeldError(moved, path);
    }
    unlinkSync(aside);
  }
  const holder = readHolder(path);
  throw new LockHeldError(holder ?? -1, path);
}

function makeHandle(path: string, pid: number): LockHandle {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (readHolder(path) !== pid) return;
    try {
      unlinkSync(path);
    } catch {
      // Already gone.
    }
  };
  // Last resort on crashes: 'exit' handlers run for process.exit() and uncaught exceptions.
  process.once('exit', release);
  return { path, release };
}

function readHolder(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
