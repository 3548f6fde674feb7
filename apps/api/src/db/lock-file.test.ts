import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, isAlive, LockHeldError } from './lock-file.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'panel-lock-'));

/** The PID of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  const pid = Number(child.stdout.toString());
  expect(isAlive(pid)).toBe(false);
  return pid;
}

describe('PGlite lock file', () => {
  it('writes our PID to DATA_DIR/panel.lock and removes it on release', () => {
    const dir = tmp();
    const lock = acquireLock(dir);
    expect(readFileSync(join(dir, 'panel.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(join(dir, 'panel.lock'))).toBe(false);
    lock.release();
  });

  it('refuses a second holder while the first lives, naming its PID', () => {
    const dir = tmp();
    const lock = acquireLock(dir);
    try {
      expect(() => acquireLock(dir, process.pid + 1)).toThrow(LockHeldError);
      try {
        acquireLock(dir, process.pid + 1);
      } catch (error) {
        expect((error as LockHeldError).pid).toBe(process.pid);
        expect((error as Error).message).toContain(`proceso ${process.pid}`);
        expect((error as Error).message).toContain(`process ${process.pid}`);
      }
    } finally {
      lock.release();
    }
  });

  it('takes over a stale lock left by a dead process', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'panel.lock'), `${deadPid()}\n`);
    const lock = acquireLock(dir);
    expect(readFileSync(join(dir, 'panel.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock file with garbage in it', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'panel.lock'), 'no-es-un-pid');
    acquireLock(dir).release();
  });

  it('does not remove a lock that another process took meanwhile', () => {
    const dir = tmp();
    const lock = acquireLock(dir);
    writeFileSync(join(dir, 'panel.lock'), '1\n');
    lock.release();
    expect(readFileSync(join(dir, 'panel.lock'), 'utf8').trim()).toBe('1');
  });
});
