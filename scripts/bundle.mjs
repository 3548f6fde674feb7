#!/usr/bin/env node
// `npm run bundle [-- <dir>]`: what a server needs, built once, without sources or development tools
// (README, "Production install"). On the server: `npm ci --omit=dev && npm start`.
//
// The bundle keeps the workspace layout and the lock file, so `npm ci` installs exactly the tested
// versions, and --omit=dev leaves out everything that only builds, tests or measures: the panel's and
// the app's libraries are devDependencies (they ship as built files), the benchmarks' tools are not in
// the workspace at all (bench/package.json).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Paths copied as they are, relative to the repository. */
export const BUNDLE_FILES = [
  'package.json',
  'package-lock.json',
  '.env.example',
  'scripts/start.mjs',
  'scripts/ensure-built.mjs',
  'scripts/lib/server-process.mjs',
  'apps/api/package.json',
  'apps/api/dist',
  'apps/api/drizzle',
  'apps/web/package.json',
  'apps/web/dist',
  'apps/community/package.json',
  'apps/community/dist',
  'packages/shared/package.json',
  // npm ci wants every workspace of the lock file; this one only has devDependencies.
  'e2e/package.json',
];

export function writeBundle(out) {
  const built = spawnSync(process.execPath, ['scripts/ensure-built.mjs'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('la compilación falló');
  rmSync(out, { recursive: true, force: true });
  for (const path of BUNDLE_FILES) {
    const from = join(root, path);
    if (!existsSync(from)) throw new Error(`falta ${path}`);
    mkdirSync(dirname(join(out, path)), { recursive: true });
    // Source maps stay: a stack trace in the logs then names the TypeScript line.
    cpSync(from, join(out, path), { recursive: true });
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = resolve(process.argv[2] ?? join(root, '.artifacts', 'bundle'));
  writeBundle(out);
  console.log(`Listo: ${out}\nEn el servidor: copiá esa carpeta, y en ella: npm ci --omit=dev && npm start`);
}
