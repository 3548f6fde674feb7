import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { apiRoot } from '../lib/paths.ts';

/** Runs one of the repository's Node scripts (`scripts/…`) from its root; resolves with its exit code and output. */
export function runRepoScript(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, args, {
    cwd: join(apiRoot, '../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}
